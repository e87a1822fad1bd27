// The functions each entry exports (API.md §3.4), in the order of DiceChess's members: the rules
// functions (R) on every entry, the bot, decision, equity, registry and book functions (F) on "."
// and "./web" only.
export const RULES_FUNCTIONS = [
  'getLegalUciMoves', 'getLegalTurnTree', 'getPlayableDice', 'generateMoves', 'applyMove',
  'applyTurn', 'endTurn', 'perft', 'getPieceFromDice', 'canonicalKey', 'getGameStatus',
];

export const FULL_ONLY_FUNCTIONS = [
  'getAvailableBots', 'getAvailableTimePolicies', 'getBestMove', 'shouldBotOfferDouble',
  'shouldBotAcceptDouble', 'shouldBotOfferDraw', 'shouldBotAcceptDraw', 'estimateEquity',
  'registerOpeningBookBot', 'unregisterBot', 'validateOpeningBook', 'encodeOpeningBook',
];

export const ENTRY_FUNCTIONS = {
  full: [...RULES_FUNCTIONS, ...FULL_ONLY_FUNCTIONS],
  rules: RULES_FUNCTIONS,
};
