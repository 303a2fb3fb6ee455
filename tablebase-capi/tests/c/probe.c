/*
 * The C API from C: tests/c_api.rs compiles this against the static
 * library of the test build and compares what it prints with the Rust
 * Tablebase's answers.
 *
 *   probe DIR FENS          one line per FEN of FENS (a file, one a line):
 *                           every probe, of the position read by
 *                           qtb_position_from_fen and of the one this
 *                           program's own FEN reader fills, as an engine
 *                           fills it from its board (which must agree)
 *   probe --selftest DIR    argument checks, error codes and messages
 *   probe --bench DIR FENS PROBES [THREADS]
 *                           warm WDL probes of filled positions (and with
 *                           each FEN read first): probes per second per
 *                           thread
 *
 * A line of the first mode reads
 *   covers=1 wdl=W dtm=W3m0 best=e1e8:W3m0 root=2:e1e8:W3m0,e1e2:D0m0
 * with a value as its letter, its plies, m (to mate) or r (to a rule
 * decision), and 1 when the rules decided it; E<code> for an error.
 */
#define _POSIX_C_SOURCE 200809L
#include "qiboard_tablebase.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LINE 512
#define OUT 16384

static int failures = 0;

#define CHECK(cond)                                                        \
    do {                                                                   \
        if (!(cond)) {                                                     \
            fprintf(stderr, "probe.c:%d: check failed: %s\n", __LINE__,    \
                    #cond);                                                \
            failures++;                                                    \
        }                                                                  \
    } while (0)

/* FEN board and side into piece lists, as an engine fills them from its
   own board; 0 on success. */
static int parse_fen(const char *fen, QtbPosition *pieces) {
    memset(pieces, 0, sizeof *pieces);
    int rank = 9, file = 0;
    const char *p = fen;
    for (; *p && *p != ' '; p++) {
        char c = *p;
        if (c == '/') {
            if (file != 9 || rank == 0) return -1;
            rank--;
            file = 0;
            continue;
        }
        if (c >= '1' && c <= '9') {
            file += c - '0';
            continue;
        }
        int color = (c >= 'a' && c <= 'z') ? QTB_COLOR_BLACK : QTB_COLOR_RED;
        int kind;
        switch (c & ~0x20) {
            case 'K': kind = QTB_PIECE_KIND_KING; break;
            case 'A': kind = QTB_PIECE_KIND_ADVISOR; break;
            case 'B': case 'E': kind = QTB_PIECE_KIND_ELEPHANT; break;
            case 'N': case 'H': kind = QTB_PIECE_KIND_HORSE; break;
            case 'R': kind = QTB_PIECE_KIND_ROOK; break;
            case 'C': kind = QTB_PIECE_KIND_CANNON; break;
            case 'P': kind = QTB_PIECE_KIND_PAWN; break;
            default: return -1;
        }
        if (file > 8) return -1;
        uint8_t *count = &pieces->count[color][kind];
        if (*count >= QTB_MAX_PER_KIND) return -1;
        pieces->squares[color][kind][(*count)++] = (uint8_t)(rank * 9 + file);
        file++;
    }
    if (rank != 0 || file != 9) return -1;
    while (*p == ' ') p++;
    pieces->side = (*p == 'b' || *p == 'B') ? QTB_COLOR_BLACK : QTB_COLOR_RED;
    return 0;
}

static void show_dtm(char *out, size_t len, const QtbDtm *dtm) {
    char letter = dtm->wdl > 0 ? 'W' : dtm->wdl < 0 ? 'L' : 'D';
    snprintf(out, len, "%c%u%c%d", letter, (unsigned)dtm->plies,
             dtm->to == QTB_DISTANCE_TO_RULE ? 'r' : 'm', (int)dtm->by_rules);
}

/* Appends to a line of output. */
static void add(char *line, const char *format, const char *text) {
    size_t used = strlen(line);
    snprintf(line + used, OUT - used, format, text);
}

/* Every probe of one position, as text; `read` is the code with which
   reading it failed, if it did (then every probe shows that code). */
static void report(const QtbTablebase *tb, const QtbPosition *position,
                   QtbError read, char *line) {
    char text[64];
    QtbRootMove moves[QTB_MAX_MOVES];
    bool covers = false;
    int32_t wdl = 0;
    QtbDtm dtm;
    QtbRootMove best;
    size_t count = 0;
    QtbError e;
    line[0] = 0;
    if (read) {
        snprintf(text, sizeof text, "E%d", (int)read);
        snprintf(line, OUT, "covers=%s wdl=%s dtm=%s best=%s root=%s", text,
                 text, text, text, text);
        return;
    }

    e = qtb_covers(tb, position, &covers, NULL, 0);
    snprintf(text, sizeof text, e ? "E%d" : "%d", e ? (int)e : (int)covers);
    add(line, "covers=%s", text);

    e = qtb_probe_wdl(tb, position, &wdl, NULL, 0);
    if (e) snprintf(text, sizeof text, "E%d", (int)e);
    else snprintf(text, sizeof text, "%c", wdl > 0 ? 'W' : wdl < 0 ? 'L' : 'D');
    add(line, " wdl=%s", text);

    e = qtb_probe_dtm(tb, position, &dtm, NULL, 0);
    if (e) snprintf(text, sizeof text, "E%d", (int)e);
    else show_dtm(text, sizeof text, &dtm);
    add(line, " dtm=%s", text);

    e = qtb_best_move(tb, position, &best, NULL, 0);
    if (e) {
        snprintf(text, sizeof text, "E%d", (int)e);
        add(line, " best=%s", text);
    } else {
        add(line, " best=%s", best.uci);
        show_dtm(text, sizeof text, &best.value);
        add(line, ":%s", text);
        CHECK((unsigned)best.from < 90 && (unsigned)best.to < 90);
    }

    e = qtb_probe_root(tb, position, moves, QTB_MAX_MOVES, &count, NULL, 0);
    if (e) {
        snprintf(text, sizeof text, "E%d", (int)e);
        add(line, " root=%s", text);
        return;
    }
    snprintf(text, sizeof text, "%u", (unsigned)count);
    add(line, " root=%s", text);
    for (size_t i = 0; i < count; i++) {
        add(line, i ? ",%s" : ":%s", moves[i].uci);
        show_dtm(text, sizeof text, &moves[i].value);
        add(line, ":%s", text);
        /* The squares and the text name the same move. */
        char uci[5] = {(char)('a' + moves[i].from % 9),
                       (char)('0' + moves[i].from / 9),
                       (char)('a' + moves[i].to % 9),
                       (char)('0' + moves[i].to / 9), 0};
        CHECK(strcmp(uci, moves[i].uci) == 0);
    }
}

static QtbTablebase *open_or_die(const char *dir) {
    char detail[256];
    QtbError err = QTB_ERROR_OTHER;
    QtbTablebase *tb = qtb_open(dir, QTB_DEFAULT_CACHE_BYTES, QTB_RULES_ASIAN,
                                &err, detail, sizeof detail);
    if (!tb) {
        fprintf(stderr, "qtb_open(%s): %s: %s\n", dir, qtb_error_message(err),
                detail);
        exit(2);
    }
    return tb;
}

/* Reads the FENs of a file, one a line. */
static char **read_fens(const char *path, size_t *n) {
    FILE *file = fopen(path, "r");
    if (!file) {
        perror(path);
        exit(2);
    }
    size_t cap = 64;
    char **fens = malloc(cap * sizeof *fens);
    char buffer[LINE];
    *n = 0;
    while (fens && fgets(buffer, sizeof buffer, file)) {
        buffer[strcspn(buffer, "\r\n")] = 0;
        if (*n == cap) {
            cap *= 2;
            fens = realloc(fens, cap * sizeof *fens);
            if (!fens) break;
        }
        fens[*n] = malloc(strlen(buffer) + 1);
        if (!fens[*n]) break;
        strcpy(fens[(*n)++], buffer);
    }
    fclose(file);
    if (!fens) exit(2);
    return fens;
}

static int probe_all(const char *dir, const char *path) {
    QtbTablebase *tb = open_or_die(dir);
    size_t n = 0;
    char **fens = read_fens(path, &n);
    static char by_fen[OUT], by_pieces[OUT];
    for (size_t i = 0; i < n; i++) {
        QtbPosition read, filled;
        report(tb, &read, qtb_position_from_fen(fens[i], &read, NULL, 0), by_fen);
        if (parse_fen(fens[i], &filled) == 0) {
            report(tb, &filled, QTB_ERROR_OK, by_pieces);
            if (strcmp(by_fen, by_pieces) != 0) {
                printf("%s\tMISMATCH fen: %s pieces: %s\n", fens[i], by_fen,
                       by_pieces);
                failures++;
                free(fens[i]);
                continue;
            }
        }
        printf("%s\t%s\n", fens[i], by_fen);
        free(fens[i]);
    }
    free(fens);
    qtb_close(tb);
    return failures ? 1 : 0;
}

static int selftest(const char *dir) {
    char detail[256];
    char tiny[8];
    QtbError err = QTB_ERROR_OK;
    bool yes = false;
    int32_t wdl = 7;
    QtbDtm dtm;
    QtbRootMove moves[QTB_MAX_MOVES];
    size_t count = 0;
    const char *krk = "3k5/9/9/9/9/9/9/9/4R4/5K3 w";

    CHECK(strlen(qtb_version()) > 0);
    for (int code = 0; code <= 14; code++)
        CHECK(strlen(qtb_error_message(code)) > 0);
    CHECK(strcmp(qtb_error_message(999), "unknown error code") == 0);

    /* Opening: a missing directory, bad rules, null. */
    CHECK(qtb_open("/no/such/qiboard/dir", 1 << 20, QTB_RULES_ASIAN, &err,
                   detail, sizeof detail) == NULL);
    CHECK(err == QTB_ERROR_BAD_ARGUMENT && strstr(detail, "/no/such/qiboard/dir"));
    CHECK(qtb_open(dir, 1 << 20, 7, &err, NULL, 0) == NULL);
    CHECK(err == QTB_ERROR_BAD_ARGUMENT);
    CHECK(qtb_open(NULL, 1 << 20, QTB_RULES_ASIAN, &err, NULL, 0) == NULL);
    CHECK(err == QTB_ERROR_NULL_POINTER);
    CHECK(qtb_open(NULL, 0, 0, NULL, NULL, 0) == NULL);
    qtb_close(NULL);

    QtbTablebase *tb = qtb_open(dir, 1 << 20, QTB_RULES_ASIAN, &err, detail,
                                sizeof detail);
    CHECK(tb != NULL && err == QTB_ERROR_OK && detail[0] == 0);
    if (!tb) return 1;

    CHECK(qtb_max_pieces(tb) == 4);
    CHECK(qtb_max_pieces(NULL) == 0);
    qtb_refresh(tb);
    qtb_refresh(NULL);
    CHECK(qtb_max_pieces(tb) == 4);
    CHECK(qtb_contains(tb, "KRK", &yes, NULL, 0) == QTB_ERROR_OK && yes);
    CHECK(qtb_contains(tb, "KAKR", &yes, NULL, 0) == QTB_ERROR_OK && yes);
    CHECK(qtb_contains(tb, "KRKR", &yes, NULL, 0) == QTB_ERROR_OK && !yes);
    CHECK(qtb_contains(tb, "KXK", &yes, detail, sizeof detail) ==
          QTB_ERROR_BAD_ARGUMENT);
    CHECK(strlen(detail) > 0);
    CHECK(qtb_contains(tb, NULL, &yes, NULL, 0) == QTB_ERROR_NULL_POINTER);
    CHECK(qtb_contains(tb, "KRK", NULL, NULL, 0) == QTB_ERROR_NULL_POINTER);

    /* Reading FENs: bad text, illegal positions, null pointers. */
    QtbPosition pos, untouched;
    memset(&untouched, 0x5a, sizeof untouched);
    pos = untouched;
    CHECK(qtb_position_from_fen("not a fen", &pos, detail, sizeof detail) ==
          QTB_ERROR_BAD_FEN);
    CHECK(strlen(detail) > 0);
    CHECK(qtb_position_from_fen("", &pos, NULL, 0) == QTB_ERROR_BAD_FEN);
    CHECK(qtb_position_from_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 x", &pos, NULL, 0) ==
          QTB_ERROR_BAD_FEN);
    CHECK(qtb_position_from_fen("\xff\xfe", &pos, NULL, 0) == QTB_ERROR_BAD_FEN);
    /* Kings facing each other. */
    CHECK(qtb_position_from_fen("4k4/9/9/9/9/9/9/9/3R5/4K4 w", &pos, detail,
                                sizeof detail) == QTB_ERROR_ILLEGAL_POSITION);
    CHECK(strstr(detail, "face") != NULL);
    CHECK(qtb_position_from_fen(NULL, &pos, NULL, 0) == QTB_ERROR_NULL_POINTER);
    CHECK(qtb_position_from_fen(krk, NULL, NULL, 0) == QTB_ERROR_NULL_POINTER);
    CHECK(memcmp(&pos, &untouched, sizeof pos) == 0);
    CHECK(qtb_position_from_fen(krk, &pos, detail, sizeof detail) == QTB_ERROR_OK);
    CHECK(detail[0] == 0 && pos.side == QTB_COLOR_RED);
    CHECK(pos.count[QTB_COLOR_RED][QTB_PIECE_KIND_ROOK] == 1);
    CHECK(pos.squares[QTB_COLOR_RED][QTB_PIECE_KIND_ROOK][0] == 1 * 9 + 4);

    /* Null handles and out-pointers are codes, and nothing is written. */
    CHECK(qtb_probe_wdl(NULL, &pos, &wdl, NULL, 0) == QTB_ERROR_NULL_POINTER);
    CHECK(qtb_probe_wdl(tb, NULL, &wdl, NULL, 0) == QTB_ERROR_NULL_POINTER);
    CHECK(qtb_probe_wdl(tb, &pos, NULL, NULL, 0) == QTB_ERROR_NULL_POINTER);
    CHECK(qtb_covers(tb, &pos, NULL, NULL, 0) == QTB_ERROR_NULL_POINTER);
    CHECK(qtb_probe_dtm(tb, &pos, NULL, NULL, 0) == QTB_ERROR_NULL_POINTER);
    CHECK(qtb_best_move(tb, &pos, NULL, NULL, 0) == QTB_ERROR_NULL_POINTER);
    CHECK(qtb_probe_root(tb, &pos, moves, 4, NULL, NULL, 0) ==
          QTB_ERROR_NULL_POINTER);
    CHECK(qtb_probe_root(tb, &pos, NULL, 4, &count, NULL, 0) ==
          QTB_ERROR_NULL_POINTER);
    CHECK(wdl == 7);

    /* A detail buffer too small is cut and terminated. */
    memset(tiny, 'x', sizeof tiny);
    CHECK(qtb_position_from_fen("not a fen", &pos, tiny, sizeof tiny) ==
          QTB_ERROR_BAD_FEN);
    CHECK(strlen(tiny) == sizeof tiny - 1);
    memset(tiny, 'x', sizeof tiny);
    CHECK(qtb_position_from_fen("not a fen", &pos, tiny, 1) == QTB_ERROR_BAD_FEN);
    CHECK(tiny[0] == 0 && tiny[1] == 'x');

    /* A table that is not there names the endgame. */
    QtbPosition krkr;
    CHECK(qtb_position_from_fen("3k1r3/9/9/9/9/9/9/9/4R4/5K3 w", &krkr, NULL,
                                0) == QTB_ERROR_OK);
    CHECK(qtb_probe_wdl(tb, &krkr, &wdl, detail, sizeof detail) ==
          QTB_ERROR_MISSING);
    CHECK(strstr(detail, "KRKR") != NULL);

    /* Piece lists out of range. */
    QtbPosition pieces;
    CHECK(parse_fen(krk, &pieces) == 0);
    CHECK(memcmp(&pieces, &pos, sizeof pos) == 0);
    CHECK(qtb_probe_wdl(tb, &pieces, &wdl, NULL, 0) == QTB_ERROR_OK);
    CHECK(wdl == QTB_WDL_WIN);
    QtbPosition bad = pieces;
    bad.side = 2;
    CHECK(qtb_probe_wdl(tb, &bad, &wdl, NULL, 0) == QTB_ERROR_BAD_ARGUMENT);
    bad = pieces;
    bad.squares[QTB_COLOR_RED][QTB_PIECE_KIND_ROOK][0] = 90;
    CHECK(qtb_probe_wdl(tb, &bad, &wdl, NULL, 0) == QTB_ERROR_BAD_ARGUMENT);
    bad = pieces;
    bad.count[QTB_COLOR_RED][QTB_PIECE_KIND_PAWN] = QTB_MAX_PER_KIND + 1;
    CHECK(qtb_probe_wdl(tb, &bad, &wdl, NULL, 0) == QTB_ERROR_BAD_ARGUMENT);
    bad = pieces;
    bad.squares[QTB_COLOR_RED][QTB_PIECE_KIND_ROOK][0] =
        pieces.squares[QTB_COLOR_RED][QTB_PIECE_KIND_KING][0];
    CHECK(qtb_probe_wdl(tb, &bad, &wdl, detail, sizeof detail) ==
          QTB_ERROR_BAD_ARGUMENT);
    CHECK(strstr(detail, "two pieces") != NULL);
    bad = pieces;
    bad.count[QTB_COLOR_BLACK][QTB_PIECE_KIND_KING] = 0;
    CHECK(qtb_probe_wdl(tb, &bad, &wdl, NULL, 0) == QTB_ERROR_ILLEGAL_POSITION);
    QtbPosition empty;
    memset(&empty, 0, sizeof empty);
    CHECK(qtb_probe_wdl(tb, &empty, &wdl, NULL, 0) == QTB_ERROR_ILLEGAL_POSITION);

    /* The ranked moves into a buffer too small: the best that fit. */
    CHECK(qtb_probe_root(tb, &pos, NULL, 0, &count, detail, sizeof detail) ==
          QTB_ERROR_BUFFER_TOO_SMALL);
    size_t all = count;
    CHECK(all > 2);
    CHECK(qtb_probe_root(tb, &pos, moves, 2, &count, NULL, 0) ==
          QTB_ERROR_BUFFER_TOO_SMALL);
    CHECK(count == all);
    QtbRootMove full[QTB_MAX_MOVES];
    CHECK(qtb_probe_root(tb, &pos, full, QTB_MAX_MOVES, &count, NULL, 0) ==
          QTB_ERROR_OK);
    CHECK(count == all);
    CHECK(memcmp(moves, full, 2 * sizeof moves[0]) == 0);

    /* Scores in their bands. */
    CHECK(qtb_probe_dtm(tb, &pos, &dtm, NULL, 0) == QTB_ERROR_OK);
    CHECK(dtm.wdl == QTB_WDL_WIN && dtm.plies % 2 == 1);
    CHECK(qtb_score(dtm, 2) == QTB_MATE - 2 - (int32_t)dtm.plies);
    CHECK(qtb_score(dtm, 0) > QTB_MATE_BOUND);
    QtbDtm broken = dtm;
    broken.wdl = 5;
    CHECK(qtb_score(broken, 0) == 0);

    qtb_close(tb);
    if (failures == 0) printf("selftest ok\n");
    return failures ? 1 : 0;
}

/* One thread's share of the timing. */
typedef struct Bench {
    const QtbTablebase *tb;
    const QtbPosition *positions;
    char **fens;
    size_t n;
    long probes;
    int by_fen;
    double seconds;
    double cpu_seconds;
    long wins;
    int errors;
} Bench;

static double clock_seconds(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double now(void) { return clock_seconds(CLOCK_MONOTONIC); }

/* This thread's CPU time: the rate per CPU second holds on a shared
   machine, where the wall-clock rate depends on what else runs. */
static double cpu_now(void) { return clock_seconds(CLOCK_THREAD_CPUTIME_ID); }

static void *bench_thread(void *arg) {
    Bench *b = arg;
    int32_t wdl = 0;
    QtbPosition read;
    double start = now(), cpu_start = cpu_now();
    for (long i = 0; i < b->probes; i++) {
        size_t at = (size_t)i % b->n;
        QtbError e =
            b->by_fen ? qtb_position_from_fen(b->fens[at], &read, NULL, 0)
                      : QTB_ERROR_OK;
        if (!e)
            e = qtb_probe_wdl(b->tb, b->by_fen ? &read : &b->positions[at], &wdl,
                              NULL, 0);
        if (e) b->errors++;
        b->wins += wdl > 0;
    }
    b->seconds = now() - start;
    b->cpu_seconds = cpu_now() - cpu_start;
    return NULL;
}

static int bench(const char *dir, const char *path, long probes, int threads) {
    QtbTablebase *tb = open_or_die(dir);
    size_t n = 0;
    char **fens = read_fens(path, &n);
    QtbPosition *positions = calloc(n ? n : 1, sizeof *positions);
    char **usable = calloc(n ? n : 1, sizeof *usable);
    size_t m = 0;
    int32_t wdl;
    for (size_t i = 0; i < n; i++) {
        if (parse_fen(fens[i], &positions[m]) == 0 &&
            qtb_probe_wdl(tb, &positions[m], &wdl, NULL, 0) == 0)
            usable[m++] = fens[i];
    }
    if (m == 0) {
        fprintf(stderr, "no position to probe\n");
        return 2;
    }
    for (int by_fen = 0; by_fen <= 1; by_fen++) {
        Bench runs[64];
        pthread_t ids[64];
        if (threads < 1) threads = 1;
        if (threads > 64) threads = 64;
        for (int t = 0; t < threads; t++) {
            runs[t] = (Bench){tb, positions, usable, m, probes, by_fen, 0, 0, 0, 0};
            pthread_create(&ids[t], NULL, bench_thread, &runs[t]);
        }
        double slowest = 0, cpu = 0;
        int errors = 0;
        for (int t = 0; t < threads; t++) {
            pthread_join(ids[t], NULL);
            if (runs[t].seconds > slowest) slowest = runs[t].seconds;
            cpu += runs[t].cpu_seconds;
            errors += runs[t].errors;
        }
        printf("%s: %d thread(s), %ld probes each over %u positions: "
               "%.0f probes per second per thread, %.0f per CPU second "
               "(%d errors)\n",
               by_fen ? "wdl_fen" : "wdl_pieces", threads, probes, (unsigned)m,
               (double)probes / slowest, (double)probes * threads / cpu, errors);
        if (errors) failures++;
    }
    qtb_close(tb);
    return failures ? 1 : 0;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "--selftest") == 0) return selftest(argv[2]);
    if ((argc == 5 || argc == 6) && strcmp(argv[1], "--bench") == 0)
        return bench(argv[2], argv[3], atol(argv[4]),
                     argc == 6 ? atoi(argv[5]) : 1);
    if (argc == 3) return probe_all(argv[1], argv[2]);
    fprintf(stderr,
            "usage: probe DIR FENS | probe --selftest DIR | "
            "probe --bench DIR FENS PROBES [THREADS]\n");
    return 2;
}
