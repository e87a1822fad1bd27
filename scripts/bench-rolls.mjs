// The benchmark positions of the rules issue and the dice of their rolls, shared by
// scripts/bench.mjs and scripts/compare-wasm.mjs (benches/rules.rs has the same five).
export const POSITIONS = {
  initial: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  kiwipete: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  endgame: '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  castling: 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1',
  promotion: 'k7/4P3/8/8/8/8/8/4K3 w - - 0 1',
};
/** Die faces (1 pawn … 6 king) to the letters of a White roll. */
export const DICE = { 123: 'PNB', 456: 'RQK', 111: 'PPP', 642: 'KRN', 555: 'QQQ' };
