"""A UCI "engine" that misbehaves on purpose, for the engine client's fault
tests: ``python fake_engine.py MODE``.

Modes:
  mute          answers nothing, not even the greeting
  hang          greets, then goes silent at ``go`` and ignores everything,
                ``quit`` and the end of its input included
  flood         answers ``uci`` with junk lines, forever
  long-line     answers ``uci`` with ten megabytes and no line end
  exit          greets, then exits with code 3 at ``go``
  bad-bestmove  answers ``go`` with an illegal best move (a0a5 from the
                xiangqi start)
  bad-pv        answers ``go`` with an illegal move in its principal
                variation, then a legal best move
  bad-info      answers ``go`` with an info line whose depth is no number
"""

import sys
import time

ANSWERS = {
    "bad-bestmove": ["info depth 1 score cp 12 pv h2e2", "bestmove a0a5"],
    "bad-pv": ["info depth 1 score cp 12 pv h2e2 h2e2", "bestmove h2e2"],
    "bad-info": ["info depth deep score cp 12 pv h2e2", "bestmove h2e2"],
}


def say(*lines: str) -> None:
    sys.stdout.write("".join(line + "\n" for line in lines))
    sys.stdout.flush()


def main(mode: str) -> None:
    silent = mode == "mute"
    for line in sys.stdin:
        command = line.split()[0] if line.split() else ""
        if silent:
            continue
        if command == "uci":
            if mode == "flood":
                number = 0
                while True:
                    number += 1
                    say(f"this is not UCI, line {number}")
            if mode == "long-line":
                sys.stdout.write("x" * (10 * 1024 * 1024))
                sys.stdout.flush()
                for _ in sys.stdin:
                    pass
            hash_option = "option name Hash type spin default 16 min 1 max 64"
            say("id name fake " + mode, "id author the tests", hash_option, "uciok")
        elif command == "isready":
            say("readyok")
        elif command == "go":
            if mode == "hang":
                # Deaf to everything from now on, the end of input included.
                while True:
                    time.sleep(60)
            elif mode == "exit":
                sys.exit(3)
            else:
                say(*ANSWERS[mode])
        elif command == "quit":
            return


if __name__ == "__main__":
    main(sys.argv[1])
