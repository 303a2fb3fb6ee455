#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| qiboard_fuzz::tablebase_file(data));
