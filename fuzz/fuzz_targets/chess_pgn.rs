#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| qiboard_fuzz::chess_pgn(data));
