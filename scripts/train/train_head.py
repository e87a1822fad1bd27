#!/usr/bin/env python3
"""Trains the second stage of the win probability (crates/engine/src/search/winprob/head.rs, issue 12).

Reads `dicechess winprob head-rows` rows (training and held-out): the result for the side to
move, its exact king-capture probability `k`, and the head's inputs (the model's two logits, both
sides' king-capture probabilities and their -ln(1 - k), the model's dense inputs), all computed
by the crate. Fits the head's two logits by the log loss of

    P(win) = k + (1 - k) q_win,  P(draw) = (1 - k) q_draw,  P(loss) = (1 - k) q_loss,
    q = softmax(0, w_win . x + b_win, w_draw . x + b_draw)

with scipy's L-BFGS-B on standardised inputs (the scale is folded back into the weights), an L2
penalty chosen on a validation fifth of the training games, and writes into the output directory:

- head_weights.rs: the generated Rust source (const arrays, included at compile time);
- head_manifest.json: format version, command, data, sha256 of head_weights.rs, held-out metrics;
- head_vectors.tsv: fixed held-out positions with the trainer's probabilities (the crate's tests
  reproduce them).

With `--net` the logits are the NNUE evaluator's and the files are net_head_weights.rs,
net_head_manifest.json and net_head_vectors.tsv: the head of the package's win probability.

Run by hand (scripts/train/run-head; with --net, scripts/train/nnue/run head), never by the
test suites.
"""

import argparse
import hashlib
import json
import sys
import zlib
from pathlib import Path

import numpy as np
import scipy
from scipy.optimize import minimize

from train import f32, metrics, run

FORMAT_VERSION = 1


def load(dicechess, tsvs, net=False):
    """Labels, king-capture probabilities, inputs, DFENs and game ids of datagen files (with
    `net`, the model's logits are the NNUE evaluator's: `head-rows --net`)."""
    labels, ks, xs, dfens, games = [], [], [], [], []
    for tsv in tsvs:
        rows = Path(str(tsv) + (".head-net" if net else ".head"))
        run([dicechess, "winprob", "head-rows", "-i", str(tsv), "-o", str(rows)] + (["--net"] if net else []))
        a = np.loadtxt(rows, dtype=np.float64, ndmin=2)
        labels.append(a[:, 0].astype(int))
        ks.append(a[:, 1])
        xs.append(a[:, 2:])
        for line in Path(tsv).read_text().splitlines():
            if line:
                f = line.split("\t")
                dfens.append(f[0])
                games.append(f"{tsv}:{f[2]}")
    return np.concatenate(labels), np.concatenate(ks), np.vstack(xs), dfens, games


def proba(w, x, k):
    """(loss, draw, win) probabilities of the mixture; `w` holds (win, draw) columns, bias last."""
    z = np.zeros((x.shape[0], 3))
    z[:, 2] = x @ w[:-1, 0] + w[-1, 0]
    z[:, 1] = x @ w[:-1, 1] + w[-1, 1]
    z -= z.max(axis=1, keepdims=True)
    q = np.exp(z)
    q /= q.sum(axis=1, keepdims=True)
    p = (1 - k)[:, None] * q
    p[:, 2] += k
    return q, p


def fit(x, y, k, penalty, w0):
    n, d = x.shape

    def loss(flat):
        w = flat.reshape(d + 1, 2)
        q, p = proba(w, x, k)
        py = np.clip(p[np.arange(n), y], 1e-12, 1.0)
        qy = q[np.arange(n), y]
        g = np.zeros((n, 2))
        for col, cls in ((0, 2), (1, 1)):
            g[:, col] = -(1 - k) * qy * ((y == cls) - q[:, cls]) / py
        grad = np.vstack([x.T @ g, g.sum(axis=0)]) / n
        grad[:-1] += penalty * w[:-1]
        return -np.log(py).mean() + penalty * (w[:-1] ** 2).sum() / 2, grad.ravel()

    r = minimize(loss, w0.ravel(), jac=True, method="L-BFGS-B", options={"maxiter": 5000})
    return r.x.reshape(d + 1, 2), int(r.nit)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dicechess", default="target/release/dicechess")
    ap.add_argument("--train", required=True, nargs="+")
    ap.add_argument("--heldout", required=True)
    ap.add_argument("--out", default="crates/engine/src/search/winprob")
    ap.add_argument("--penalties", default="0,1e-6,1e-5,1e-4", help="L2 penalties to try")
    ap.add_argument("--vectors", type=int, default=64)
    ap.add_argument("--datagen", default="", help="the datagen commands, recorded in the manifest")
    ap.add_argument("--net", action="store_true",
                    help="a head over the NNUE evaluator compiled into --dicechess (head-rows --net): net_head_*")
    args = ap.parse_args()

    names = json.loads(run([args.dicechess, "winprob", "describe"]))["headNames"]
    y, k, x, _, games = load(args.dicechess, args.train, args.net)
    hy, hk, hx, hdfen, _ = load(args.dicechess, [args.heldout], args.net)
    assert x.shape[1] == len(names), f"{x.shape[1]} inputs against {len(names)} names"
    print(f"train {len(y)} positions, held-out {len(hy)}", flush=True)

    # Standardised inputs; the identity on the model's logits as the starting point.
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-9
    xs, hxs = (x - mean) / scale, (hx - mean) / scale
    w0 = np.zeros((x.shape[1] + 1, 2))
    w0[0, 0], w0[1, 1] = scale[0], scale[1]
    w0[-1] = mean[0], mean[1]

    val = np.array([zlib.crc32(g.encode()) % 5 == 0 for g in games])
    selection = []
    for penalty in [float(v) for v in args.penalties.split(",")]:
        w, nit = fit(xs[~val], y[~val], k[~val], penalty, w0)
        r = metrics(proba(w, xs[val], k[val])[1], y[val])
        selection.append({"penalty": penalty, "validationLogLoss": r["logLoss"], "validationEce": r["ece"], "iterations": nit})
        print(f"  penalty {penalty:<7} validation log loss {r['logLoss']:.4f} ece {r['ece']:.4f} ({nit} iterations)", flush=True)
    best = min(selection, key=lambda r: r["validationLogLoss"])
    w, nit = fit(xs, y, k, best["penalty"], w0)
    held = metrics(proba(w, hxs, hk)[1], hy)
    model_alone = metrics(proba(w0, hxs, np.zeros(len(hy)))[1], hy)
    print(f"held-out: log loss {held['logLoss']:.4f} brier {held['brier']:.4f} ece {held['ece']:.4f}"
          f" (the model alone {model_alone['logLoss']:.4f})")

    # Fold the standardisation back: w . (x - mean) / scale + b = (w / scale) . x + (b - w . mean / scale).
    raw = w[:-1] / scale[:, None]
    bias = w[-1] - (mean[:, None] * raw).sum(axis=0)
    text = (
        "// @generated by scripts/train/train_head.py: do not edit (see scripts/train/README.md).\n"
        f"// penalty {best['penalty']}, {len(y)} training positions\n"
        f"pub const FORMAT_VERSION: u32 = {FORMAT_VERSION};\n"
        "/// The win and draw logits' biases, relative to the loss.\n"
        f"pub const BIAS: [f32; 2] = [{f32(bias[0])}, {f32(bias[1])}];\n"
        f"/// One row per input: {', '.join(names)}.\n"
        f"pub const HEAD: [[f32; 2]; {len(names)}] = [\n"
        + "\n".join(f"    [{f32(a)}, {f32(b)}]," for a, b in raw)
        + "\n];\n"
    )
    out = Path(args.out)
    prefix = "net_head" if args.net else "head"
    (out / f"{prefix}_weights.rs").write_text(text)
    sha = hashlib.sha256(text.encode()).hexdigest()

    # Vectors: evenly spaced held-out positions, with the trainer's probabilities (raw weights,
    # as the crate computes them).
    idx = np.linspace(0, len(hy) - 1, args.vectors).astype(int)
    wr = np.vstack([raw, bias])
    p = proba(wr, hx[idx], hk[idx])[1]
    lines = [f"{hdfen[i]}\t{q[2]:.7f}\t{q[0]:.7f}\t{q[1]:.7f}" for i, q in zip(idx, p)]
    (out / f"{prefix}_vectors.tsv").write_text("\n".join(lines) + "\n")

    manifest = {
        "formatVersion": FORMAT_VERSION,
        "model": "mixture: the exact king-capture probability, else a multinomial logistic layer"
        " (scipy L-BFGS-B) over the model's logits, both sides' king-capture probabilities and the dense inputs",
        "base": "nnue" if args.net else "winprob-model",
        "inputs": len(names),
        "names": names,
        "penalty": best["penalty"],
        "trainingCommand": " ".join(sys.argv),
        "datagen": args.datagen,
        "trainPositions": int(len(y)),
        "heldoutPositions": int(len(hy)),
        "weightsSha256": sha,
        "selection": selection,
        "heldout": held,
        "heldoutModelAlone": model_alone,
        "versions": {"python": sys.version.split()[0], "numpy": np.__version__, "scipy": scipy.__version__},
    }
    (out / f"{prefix}_manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    print(f"wrote {out}/{prefix}_weights.rs (sha256 {sha}), {prefix}_manifest.json, {prefix}_vectors.tsv")


if __name__ == "__main__":
    main()
