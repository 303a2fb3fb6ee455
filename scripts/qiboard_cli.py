"""Running the release `qiboard` binary from the comparison scripts."""
import subprocess

BINARY = "target/release/qiboard"


def moves_lines(game, fens, *options):
    """`qiboard moves <game> - [options]` over `fens`: one output line per FEN."""
    run = subprocess.run(
        [BINARY, "moves", game, "-", *options],
        input="\n".join(fens) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    return run.stdout.split("\n")
