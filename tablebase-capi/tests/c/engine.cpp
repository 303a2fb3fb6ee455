// How a C++ engine calls the tablebase: open it once, probe in search only
// positions within the piece-count limit, pick the root move from it, close
// it at exit. docs/c-api.md walks through this file; tests/c_api.rs
// compiles and runs it (when a C++ compiler is found).
//
//   engine DIR FEN...   prints, for each FEN: the WDL and the search score
//                       at ply 0 and at ply 3, and the best move

#include "qiboard_tablebase.h"

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

// The engine's own board, reduced to what the tablebase needs: its piece
// lists (squares a0 = 0 ... i9 = 89, rank * 9 + file) and the side to move.
struct Board {
    QtbPosition pieces{};  // zeroed: an empty board, Red to move
    unsigned count = 0;    // pieces on the board, kings included

    void put(int color, int kind, int square) {
        uint8_t &n = pieces.count[color][kind];
        pieces.squares[color][kind][n++] = static_cast<uint8_t>(square);
        count++;
    }

    // The board and side of a FEN (no checks: the library checks).
    static Board from_fen(const std::string &fen) {
        Board board;
        int rank = 9, file = 0;
        std::size_t i = 0;
        for (; i < fen.size() && fen[i] != ' '; i++) {
            char c = fen[i];
            if (c == '/') { rank--; file = 0; continue; }
            if (c >= '1' && c <= '9') { file += c - '0'; continue; }
            const char *kinds = "KABNRCP";
            const char *at = std::strchr(kinds, c & ~0x20);
            if (at == nullptr) continue;
            int color = (c >= 'a') ? QTB_COLOR_BLACK : QTB_COLOR_RED;
            board.put(color, static_cast<int>(at - kinds), rank * 9 + file++);
        }
        board.pieces.side = fen.find(" b", i) == i ? QTB_COLOR_BLACK : QTB_COLOR_RED;
        return board;
    }
};

// The handle is closed once, when the owner goes.
struct CloseTablebase {
    void operator()(QtbTablebase *tb) const { qtb_close(tb); }
};

class Tablebase {
  public:
    // Open once, at start-up (or when the user sets the path).
    explicit Tablebase(const char *dir) {
        char detail[256];
        QtbError err = QTB_ERROR_OK;
        tb_.reset(qtb_open(dir, 128u << 20, QTB_RULES_ASIAN, &err, detail,
                           sizeof detail));
        if (!tb_) {
            std::fprintf(stderr, "info string no tablebase: %s (%s)\n",
                         qtb_error_message(err), detail);
            return;
        }
        // Positions with more pieces than this have no table: the search
        // never asks about them.
        max_pieces_ = qtb_max_pieces(tb_.get());
    }

    unsigned max_pieces() const { return max_pieces_; }

    // In search: the exact score of a position within the limit, `ply`
    // plies below the root, or false (no table: search on). Safe from
    // every search thread at once.
    bool probe(const Board &board, uint32_t ply, int32_t *score) const {
        if (board.count > max_pieces_) return false;
        QtbDtm dtm;
        if (qtb_probe_dtm(tb_.get(), &board.pieces, &dtm, nullptr, 0) !=
            QTB_ERROR_OK)
            return false;  // e.g. QTB_ERROR_MISSING: that endgame has no table
        *score = qtb_score(dtm, ply);
        return true;
    }

    // Cheaper, when win/draw/loss is enough (a cut-off test).
    bool probe_wdl(const Board &board, int32_t *wdl) const {
        return board.count <= max_pieces_ &&
               qtb_probe_wdl(tb_.get(), &board.pieces, wdl, nullptr, 0) ==
                   QTB_ERROR_OK;
    }

    // At the root: the move to play, by probing every successor.
    bool best_move(const Board &board, QtbRootMove *best) const {
        if (board.count > max_pieces_) return false;
        char detail[256];
        QtbError err = qtb_best_move(tb_.get(), &board.pieces, best, detail,
                                     sizeof detail);
        if (err != QTB_ERROR_OK) {
            std::fprintf(stderr, "info string %s\n", detail);
            return false;
        }
        return true;
    }

  private:
    std::unique_ptr<QtbTablebase, CloseTablebase> tb_;
    unsigned max_pieces_ = 0;
};

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: engine DIR FEN...\n");
        return 2;
    }
    Tablebase tablebase(argv[1]);
    std::printf("max_pieces %u\n", tablebase.max_pieces());
    for (int i = 2; i < argc; i++) {
        Board board = Board::from_fen(argv[i]);
        int32_t wdl = 0, score0 = 0, score3 = 0;
        QtbRootMove best;
        if (!tablebase.probe_wdl(board, &wdl) ||
            !tablebase.probe(board, 0, &score0) ||
            !tablebase.probe(board, 3, &score3) ||
            !tablebase.best_move(board, &best)) {
            std::printf("%s: not in the tablebase\n", argv[i]);
            continue;
        }
        std::printf("%s: wdl %d score %d at ply 3 %d best %s\n", argv[i],
                    static_cast<int>(wdl), static_cast<int>(score0),
                    static_cast<int>(score3), best.uci);
    }
    return 0;  // the handle closes here
}
