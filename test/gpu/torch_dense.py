"""The same residual layer, relu(x w + b + r), in NumPy on this machine's
CPU and, where PyTorch sees a GPU, in PyTorch FP64 from host arrays to the
GPU and back (what a user would pick instead of SQL).  Prints one CSV row
per measure: n,what,rep,ms."""
import os
import sys
import time

import numpy as np

try:
    import torch
    HAVE_GPU = torch.cuda.is_available()
except ImportError:
    HAVE_GPU = False


def timed(f, reps, sync=lambda: None):
    """Run f once to warm up, then reps times; the times in ms"""
    f()
    out = []
    for _ in range(reps):
        sync()
        t = time.perf_counter()
        f()
        sync()
        out.append((time.perf_counter() - t) * 1e3)
    return out


def main():
    print("n,what,rep,ms")
    sizes = os.environ.get("FK_GPU_SIZES", "512, 1024, 2048")
    for n in (int(v) for v in sizes.split(",")):
        rng = np.random.default_rng(1)
        x, w, r = (rng.random((n, n)) - 0.5 for _ in range(3))
        b = rng.random(n) - 0.5
        rows = [("NumPy CPU", timed(lambda: np.maximum(x @ w + b + r, 0), 5))]
        if HAVE_GPU:
            sync = torch.cuda.synchronize

            def host_to_host():
                X, W, B, R = (torch.from_numpy(a).cuda() for a in (x, w, b, r))
                return torch.relu(torch.addmm(B, X, W) + R).cpu().numpy()

            X, W, B, R = (torch.from_numpy(a).cuda() for a in (x, w, b, r))
            rows.append(("PyTorch FP64 host-to-host", timed(host_to_host, 10, sync)))
            rows.append(("PyTorch FP64 on device", timed(
                lambda: torch.relu(torch.addmm(B, X, W) + R), 10, sync)))
            diff = np.abs(host_to_host() - np.maximum(x @ w + b + r, 0)).max()
            print(f"# n={n} PyTorch vs NumPy max abs diff {diff:.2e}", file=sys.stderr)
        for what, times in rows:
            for i, ms in enumerate(times, 1):
                print(f"{n},{what},{i},{ms:.4f}")


if __name__ == "__main__":
    main()
