#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| qiboard_fuzz::notation(data));
