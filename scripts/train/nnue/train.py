#!/usr/bin/env python3
"""Trains the NNUE evaluator (issue 32) and exports it as generated Rust with a manifest and test
vectors (crates/engine/src/search/nnue/). Run through scripts/train/nnue/run; see
scripts/train/README.md ("The NNUE evaluator").

The crate computes every input (`dicechess nnue features`); this script never reads a board. The
network and its integer inference mirror crates/engine/src/search/nnue/network.rs:

  accumulator = input_bias + sum of the active inputs' rows            (i16, scale QA = 127;
                                                                         rows of i8)
  active      = clamp(accumulator, 0, QA)
  hidden      = clamp((hidden_bias + active . hidden_weights) >> 6, 0, QA)   (weights scale QB = 64)
  logits      = output_bias + hidden . output_weights                  (i32, scale QA * QB)
                + sum of the active inputs' psqt_weights                 (the piece-square path)
                + scan . scan_weights                                   (the scan path: the linear
                                                                         model's dense inputs at QA)

Training is quantisation-aware: the forward pass rounds weights to their integer grids and floors
the hidden layer as the integers do (straight-through gradients), so the exported integers
compute what was trained. The loss is lambda * cross-entropy of (win, draw, loss) against the
game's result + (1 - lambda) * binary cross-entropy of the expected score against a search value,
when the rows carry one (a fourth column, the mover's expected score in [0, 1]); without one,
lambda is 1.

With --teacher W the linear model teaches: a fraction W of the loss is the cross-entropy of the
net's (win, draw, loss) against the model's probabilities of the same position (knowledge
distillation: a target without the result's noise), the rest the loss above.

With --scan-hidden the scan inputs reach the dense layer too (beside the accumulator's clipped
ReLU; weights at QB, the inputs saturated to i16): an experiment, which the crate does not read
(its weights.rs has one static more, SCAN_HIDDEN_WEIGHTS, and its vectors include the term).

With --base the net is residual: its logits are added to the linear model's (crates/engine/src/
search/winprob/, computed by the crate: `dicechess winprob head-rows`), so that it learns the
model's correction; its output layer starts at zero, where the sum is the model.
"""

import argparse
import hashlib
import json
import subprocess
import sys
import time
import zlib
from pathlib import Path

import numpy as np
import torch
from torch import nn

FORMAT_VERSION = 3
I16 = (-32768, 32767)


def describe(dicechess):
    return json.loads(subprocess.run([dicechess, "nnue", "describe"], check=True, capture_output=True, text=True).stdout)


def load_rows(dicechess, positions):
    """The rows of `positions` (datagen output): labels (0 loss, 1 draw, 2 win), input lists,
    scan inputs (integers at scale QA, a matrix), search values (NaN where absent), DFENs."""
    out = subprocess.run([dicechess, "nnue", "features", "-i", positions, "-o", "-"], check=True,
                         capture_output=True, text=True).stdout
    labels, inputs, scans, values, dfens = [], [], [], [], []
    for line in out.splitlines():
        fields = line.split("\t")
        labels.append(int(fields[0]))
        inputs.append([int(i) for i in fields[1].split(",")] if fields[1] else [])
        scans.append([int(x) for x in fields[2].split(",")])
        dfens.append(fields[3])
        values.append(float(fields[4]) if len(fields) > 4 else float("nan"))
    return np.array(labels), inputs, np.array(scans, dtype=np.int64), np.array(values), dfens


def load_base(dicechess, positions):
    """The linear model's logits of each row of `positions` in the net's order (win, draw, loss),
    the loss's 0: the model columns of `dicechess winprob head-rows`."""
    out = subprocess.run([dicechess, "winprob", "head-rows", "-i", positions, "-o", "-"], check=True,
                         capture_output=True, text=True).stdout
    z = np.array([[float(x) for x in line.split("\t")[2:4]] for line in out.splitlines()], dtype=np.float32)
    return np.column_stack([z, np.zeros(len(z), dtype=np.float32)])


def padded(inputs, pad):
    """The input lists as one matrix, `pad` filling each row past its inputs (the EmbeddingBag's
    padding index: it adds nothing)."""
    width = max((len(r) for r in inputs), default=1)
    out = np.full((len(inputs), max(width, 1)), pad, dtype=np.int64)
    for i, row in enumerate(inputs):
        out[i, :len(row)] = row
    return torch.from_numpy(out)


def on_grid(x, scale, lo=None, hi=None):
    """x rounded to multiples of 1/scale (and clamped), with a straight-through gradient."""
    q = torch.round(x * scale)
    if lo is not None:
        q = q.clamp(lo, hi)
    return x + (q / scale - x).detach()


def floor_grid(x, scale):
    return x + (torch.floor(x * scale) / scale - x).detach()


class Net(nn.Module):
    def __init__(self, inputs, scans, hidden, dense, qa, qb, scan_hidden=False):
        super().__init__()
        self.qa, self.qb = qa, qb
        self.pad = inputs
        # One row more: the padding index, never trained, never exported.
        self.input_weights = nn.EmbeddingBag(inputs + 1, hidden, mode="sum", padding_idx=inputs)
        with torch.no_grad():
            nn.init.normal_(self.input_weights.weight, std=0.5 / np.sqrt(32))
            self.input_weights.weight[inputs].zero_()
        self.input_bias = nn.Parameter(torch.full((hidden,), 0.25))
        self.hidden = nn.Linear(hidden, dense)
        self.output = nn.Linear(dense, 3)
        # The piece-square path: three logits per input, summed and added to the output (as
        # Stockfish's PSQT accumulators): a linear model inside the net, which the hidden layers
        # correct. Zero at the start.
        self.psqt = nn.EmbeddingBag(inputs + 1, 3, mode="sum", padding_idx=inputs)
        with torch.no_grad():
            self.psqt.weight.zero_()
        # The scan path: three logits per scan input (the linear model's dense inputs, threats
        # among them), at the scale QB; zero at the start.
        self.scan = nn.Linear(scans, 3, bias=False)
        with torch.no_grad():
            self.scan.weight.zero_()
        # --scan-hidden: the scan inputs into the dense layer too, at the scale QB; zero at the start.
        self.scan_hidden = nn.Linear(scans, dense, bias=False) if scan_hidden else None
        if self.scan_hidden is not None:
            with torch.no_grad():
                self.scan_hidden.weight.zero_()

    def clamp_weights(self):
        """Keeps the weights within what the integer types hold: dense weights in i8's range at
        scale QB, input weights in i8's range at scale QA (so 32 active rows and the bias stay
        within i16)."""
        with torch.no_grad():
            self.input_weights.weight.clamp_(-127 / self.qa, 127 / self.qa)
            limit = 127 / self.qb
            self.hidden.weight.clamp_(-limit, limit)
            if self.scan_hidden is not None:
                self.scan_hidden.weight.clamp_(-limit, limit)
            self.output.weight.clamp_(-limit, limit)

    def forward(self, rows, scans):
        """The logits of input rows (padded) and scan inputs (integers at scale QA)."""
        qa, qb = self.qa, self.qb
        w0 = on_grid(self.input_weights.weight, qa, -127, 127)
        acc = nn.functional.embedding_bag(rows, w0, mode="sum", padding_idx=self.pad) + on_grid(self.input_bias, qa)
        active = acc.clamp(0, 1)
        w1 = on_grid(self.hidden.weight, qb, -127, 127)
        pre = active @ w1.T + on_grid(self.hidden.bias, qa * qb)
        if self.scan_hidden is not None:
            pre = pre + (scans.clamp(*I16).to(torch.float32) / qa) @ on_grid(self.scan_hidden.weight, qb, -127, 127).T
        h = floor_grid(pre, qa).clamp(0, 1)
        w2 = on_grid(self.output.weight, qb, -127, 127)
        psqt = nn.functional.embedding_bag(rows, on_grid(self.psqt.weight, qa * qb), mode="sum", padding_idx=self.pad)
        scan = (scans.to(torch.float32) / qa) @ on_grid(self.scan.weight, qb).T
        return h @ w2.T + on_grid(self.output.bias, qa * qb) + psqt + scan

    def integers(self):
        """The exported integers."""
        qa, qb = self.qa, self.qb
        r = lambda t, s: np.round(t.detach().numpy().astype(np.float64) * s).astype(np.int64)
        return {
            "psqt_weights": r(self.psqt.weight[:self.pad], qa * qb),
            "scan_weights": r(self.scan.weight.T, qb),
            "input_weights": np.clip(r(self.input_weights.weight[:self.pad], qa), -127, 127),
            "input_bias": r(self.input_bias, qa),
            "hidden_weights": np.clip(r(self.hidden.weight, qb), -127, 127),
            **({"scan_hidden_weights": np.clip(r(self.scan_hidden.weight, qb), -127, 127)}
               if self.scan_hidden is not None else {}),
            "hidden_bias": r(self.hidden.bias, qa * qb),
            "output_weights": np.clip(r(self.output.weight, qb), -127, 127),
            "output_bias": r(self.output.bias, qa * qb),
        }


def integer_logits(q, rows, scans, qa, shift):
    """The integer inference of network.rs, row by row (the test vectors)."""
    out = []
    for row, scan in zip(rows, scans):
        acc = q["input_bias"] + q["input_weights"][row].sum(axis=0)
        assert acc.min() >= I16[0] and acc.max() <= I16[1], "the accumulator leaves i16"
        active = np.clip(acc, 0, qa)
        pre = q["hidden_bias"] + q["hidden_weights"] @ active
        if "scan_hidden_weights" in q:
            pre = pre + q["scan_hidden_weights"] @ np.clip(scan, *I16)
        hidden = np.clip(pre >> shift, 0, qa)
        out.append(q["output_bias"] + q["output_weights"] @ hidden + q["psqt_weights"][row].sum(axis=0)
                   + scan @ q["scan_weights"])
    return np.array(out)


def loss_of(logits, labels, values, lam):
    # Logits are (win, draw, loss); labels 0 loss, 1 draw, 2 win.
    ce = nn.functional.cross_entropy(logits, 2 - labels, reduction="none")
    has = ~torch.isnan(values)
    if lam >= 1.0 or not has.any():
        return ce.mean()
    p = torch.softmax(logits, dim=1)
    score = (p[:, 0] + p[:, 1] / 2).clamp(1e-6, 1 - 1e-6)
    v = torch.where(has, values, torch.zeros_like(values))
    bce = -(v * score.log() + (1 - v) * (1 - score).log())
    return (lam * ce + (1 - lam) * torch.where(has, bce, ce)).mean()


def taught(loss, logits, teacher, weight):
    """`loss` with a fraction `weight` of it replaced by the cross-entropy against the teacher's
    logits (the linear model's)."""
    if weight <= 0.0:
        return loss
    soft = -(torch.softmax(teacher, dim=1) * torch.log_softmax(logits, dim=1)).sum(dim=1).mean()
    return (1 - weight) * loss + weight * soft


def metrics(logits, labels, scale):
    """Held-out metrics as `dicechess winprob calibrate` measures the linear model's: the
    three-outcome log loss (probabilities clamped at 1e-7) and, of the expected score
    (win + draw / 2), the Brier score and the ECE over ten bins of the prediction."""
    z = torch.tensor(logits, dtype=torch.float64) / scale
    p = torch.softmax(z, dim=1).numpy()
    y = np.asarray(labels)
    log_loss = float(-np.log(np.clip(p[np.arange(len(y)), 2 - y], 1e-7, 1)).mean())
    score = np.clip(p[:, 0] + p[:, 1] / 2, 0, 1)
    result = y / 2
    brier = float(((score - result) ** 2).mean())
    bins = np.minimum((score * 10).astype(int), 9)
    ece = float(sum(abs(score[bins == b].sum() - result[bins == b].sum()) for b in range(10)) / max(len(y), 1))
    return {"logLoss": round(log_loss, 5), "brier": round(brier, 5), "ece": round(ece, 5), "positions": int(len(y))}


def rust_array(values, per_line=32):
    items = [str(int(v)) for v in values]
    lines = [", ".join(items[i:i + per_line]) for i in range(0, len(items), per_line)]
    return "[\n    " + ",\n    ".join(lines) + ",\n]" if items else "[]"


def rust_rows(rows):
    return "[\n" + "".join(f"    [{', '.join(str(int(v)) for v in row)}],\n" for row in rows) + "]"


def write_weights(path, q, hidden, dense, note):
    text = (
        f"// Generated by scripts/train/nnue/train.py; do not edit. {note}\n"
        f"pub const FORMAT_VERSION: u32 = {FORMAT_VERSION};\n"
        f"pub const HIDDEN: usize = {hidden};\n"
        f"pub const DENSE: usize = {dense};\n"
        f"pub static INPUT_WEIGHTS: [[i8; HIDDEN]; {q['input_weights'].shape[0]}] = {rust_rows(q['input_weights'])};\n"
        f"pub static INPUT_BIAS: [i16; HIDDEN] = {rust_array(q['input_bias'])};\n"
        f"pub static HIDDEN_WEIGHTS: [[i16; HIDDEN]; DENSE] = {rust_rows(q['hidden_weights'])};\n"
        + (f"pub static SCAN_HIDDEN_WEIGHTS: [[i16; {q['scan_hidden_weights'].shape[1]}]; DENSE] = "
           f"{rust_rows(q['scan_hidden_weights'])};\n" if "scan_hidden_weights" in q else "")
        + f"pub static HIDDEN_BIAS: [i32; DENSE] = {rust_array(q['hidden_bias'])};\n"
        f"pub static OUTPUT_WEIGHTS: [[i16; DENSE]; 3] = {rust_rows(q['output_weights'])};\n"
        f"pub static OUTPUT_BIAS: [i32; 3] = {rust_array(q['output_bias'])};\n"
    )
    text += f"pub static PSQT_WEIGHTS: [[i32; 3]; {q['psqt_weights'].shape[0]}] = {rust_rows(q['psqt_weights'])};\n"
    text += f"pub static SCAN_WEIGHTS: [[i32; 3]; {q['scan_weights'].shape[0]}] = {rust_rows(q['scan_weights'])};\n"
    path.write_text(text)
    return hashlib.sha256(text.encode()).hexdigest()


def sha256_file(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dicechess", required=True, help="the dicechess binary (computes the inputs)")
    ap.add_argument("--train", required=True, help="training positions (datagen output)")
    ap.add_argument("--heldout", required=True, help="held-out positions (datagen output), never trained on")
    ap.add_argument("--out", required=True, help="the folder of the generated files")
    ap.add_argument("--prefix", default="", help="file name prefix: 'fixture_' for the tests' net")
    ap.add_argument("--fixture", action="store_true", help="mark the manifest as a test fixture, not a trained net")
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--dense", type=int, default=16)
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--batch", type=int, default=4096)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--wd", type=float, default=0.0, help="AdamW's weight decay")
    ap.add_argument("--valid", type=float, default=0.05,
                    help="the last fraction of the training rows (whole games but one), kept for choosing the epoch")
    ap.add_argument("--lam", type=float, default=1.0, help="weight of the game result against the search value")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--vectors", type=int, default=64, help="held-out positions written as test vectors")
    ap.add_argument("--datagen", default="", help="the commands that generated the data (for the manifest)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--scan-hidden", action="store_true",
                    help="the scan inputs into the dense layer too (an experiment the crate does not read)")
    ap.add_argument("--base", action="store_true", help="a residual net over the linear model's logits")
    ap.add_argument("--teacher", type=float, default=0.0,
                    help="weight of the linear model's probabilities as a soft target (distillation)")
    args = ap.parse_args()

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    torch.use_deterministic_algorithms(True)
    layout = describe(args.dicechess)
    qa, qb, scale = layout["qa"], layout["qb"], layout["logitScale"]
    shift = int(qb).bit_length() - 1

    started = time.time()
    labels, inputs, scans, values, _ = load_rows(args.dicechess, args.train)
    h_labels, h_inputs, h_scans, _, h_dfens = load_rows(args.dicechess, args.heldout)
    s_all, hs = torch.from_numpy(scans), torch.from_numpy(h_scans)
    rows, h_rows = padded(inputs, layout["inputs"]), padded(h_inputs, layout["inputs"])
    none = lambda n: np.zeros((n, 3), dtype=np.float32)
    model = load_base(args.dicechess, args.train) if args.base or args.teacher > 0 else none(len(labels))
    base = model if args.base else none(len(labels))
    h_base = load_base(args.dicechess, args.heldout) if args.base else none(len(h_labels))
    b_all, hb, m_all = torch.from_numpy(base), torch.from_numpy(h_base), torch.from_numpy(model)
    print(f"train {len(labels)} positions (loss, draw, win: {np.bincount(labels, minlength=3)}), held-out {len(h_labels)}")

    net = Net(layout["inputs"], layout["scanInputs"], args.hidden, args.dense, qa, qb, args.scan_hidden)
    if args.base:
        with torch.no_grad():
            net.output.weight.zero_()
            net.output.bias.zero_()
    # The two linear paths are linear models: no weight decay (it would pull them toward nothing).
    linear = [p for n, p in net.named_parameters() if n.startswith(("psqt.", "scan."))]
    decayed = [p for p in net.parameters() if all(p is not q for q in linear)]
    groups = [{"params": decayed}, {"params": linear, "weight_decay": 0.0}]
    opt = torch.optim.AdamW(groups, lr=args.lr, weight_decay=args.wd)
    # The rate falls along a cosine to zero by the last epoch: the late epochs settle instead of
    # oscillating.
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=args.epochs)
    y_all = torch.tensor(labels, dtype=torch.long)
    v_all = torch.tensor(values, dtype=torch.float32)
    order = np.random.default_rng(args.seed)
    # datagen writes games in order: the tail is a validation set of other games, which picks the
    # epoch (the held-out set never chooses anything).
    fit = len(labels) - int(len(labels) * args.valid)
    v_rows, v_labels = rows[fit:], labels[fit:]
    best = (float("inf"), 0, None)
    for epoch in range(args.epochs):
        perm = order.permutation(fit)
        total = 0.0
        for start in range(0, len(perm), args.batch):
            idx = perm[start:start + args.batch]
            logits = net(rows[idx], s_all[idx]) + b_all[idx]
            loss = taught(loss_of(logits, y_all[idx], v_all[idx], args.lam), logits, m_all[idx], args.teacher)
            opt.zero_grad()
            loss.backward()
            opt.step()
            net.clamp_weights()
            total += float(loss.detach()) * len(idx)
        schedule.step()
        with torch.no_grad():
            valid = metrics((net(v_rows, s_all[fit:]) + b_all[fit:]).numpy() * scale, v_labels, scale) if len(v_labels) else {"logLoss": -epoch}
            held = metrics((net(h_rows, hs) + hb).numpy() * scale, h_labels, scale)
        if valid["logLoss"] < best[0]:
            best = (valid["logLoss"], epoch + 1, {k: v.clone() for k, v in net.state_dict().items()})
        print(f"epoch {epoch + 1}: train loss {total / len(perm):.4f}, validation {valid['logLoss']}, held-out {held}", flush=True)
    net.load_state_dict(best[2])
    print(f"kept epoch {best[1]} (validation log loss {best[0]})")

    q = net.integers()
    held_float = metrics((net(h_rows, hs) + hb).detach().numpy() * scale, h_labels, scale)
    # The crate adds the model's f32 logits to the net's integers over the scale.
    held_int = metrics(integer_logits(q, h_inputs, h_scans, qa, shift) + h_base.astype(np.float64) * scale, h_labels, scale)
    seconds = round(time.time() - started)
    print(f"held-out: trained {held_float}, integers {held_int} ({seconds} s)")

    out = Path(args.out)
    kind = "fixture (tests only; not a trained evaluator)" if args.fixture else "trained"
    note = f"{kind}: {len(labels)} training positions, hidden {args.hidden}, dense {args.dense}"
    sha = write_weights(out / f"{args.prefix}weights.rs", q, args.hidden, args.dense, note)

    idx = np.linspace(0, len(h_labels) - 1, min(args.vectors, len(h_labels))).astype(int)
    logits = integer_logits(q, [h_inputs[i] for i in idx], h_scans[idx], qa, shift)
    lines = [f"{h_dfens[i]}\t{z[0]}\t{z[1]}\t{z[2]}" for i, z in zip(idx, logits)]
    if args.base:  # then the sum's chances (win, draw, loss), which the crate reproduces
        p = torch.softmax(torch.tensor(h_base[idx].astype(np.float64) + logits / scale), dim=1).numpy()
        lines = [line + "".join(f"\t{x:.9f}" for x in row) for line, row in zip(lines, p)]
    (out / f"{args.prefix}vectors.tsv").write_text("\n".join(lines) + "\n")

    manifest = {
        "formatVersion": FORMAT_VERSION,
        "fixture": bool(args.fixture),
        "purpose": kind,
        "shape": {"inputs": layout["inputs"], "hidden": args.hidden, "dense": args.dense, "outputs": 3},
        "layout": layout,
        "scales": {"qa": qa, "qb": qb, "logitScale": scale, "hiddenShift": shift},
        "weightsSha256": sha,
        "trainingCommand": " ".join(sys.argv),
        "datagen": args.datagen,
        "data": {
            "train": {"positions": int(len(labels)), "fitted": int(fit), "sha256": sha256_file(args.train)},
            "heldout": {"positions": int(len(h_labels)), "sha256": sha256_file(args.heldout)},
        },
        "base": "winprob-model" if args.base else None,
        "scanHidden": bool(args.scan_hidden),
        "teacher": {"model": "winprob-model", "weight": args.teacher} if args.teacher > 0 else None,
        "lambda": args.lam if not np.isnan(values).all() else 1.0,
        "searchValues": int((~np.isnan(values)).sum()),
        "epochs": args.epochs,
        "keptEpoch": best[1],
        "validation": {"positions": int(len(v_labels)), "logLoss": best[0] if len(v_labels) else None},
        "learningRate": f"{args.lr}, cosine to 0",
        "weightDecay": args.wd,
        "trainingSeconds": seconds,
        "seed": args.seed,
        "heldout": {"trained": held_float, "integers": held_int},
        "vectors": len(lines),
        "versions": {"python": sys.version.split()[0], "torch": torch.__version__, "numpy": np.__version__},
    }
    (out / f"{args.prefix}manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    print(f"wrote {out}/{args.prefix}weights.rs (sha256 {sha}), {args.prefix}manifest.json, {args.prefix}vectors.tsv")


if __name__ == "__main__":
    main()
