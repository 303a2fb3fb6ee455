//! Computes every table from the seed (qiboard-gen) and writes its token
//! text to `OUT_DIR`, where `src/*/tables.rs` include it.

use qiboard_gen::seed::{seed_from_env_value, SEED_VAR};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed={SEED_VAR}");
    // An unoptimised build (a dependent's debug build) leaves out perft's
    // copies compiled for x86-64 features: at opt-level 0 they cannot be
    // fast, and they doubled the crate's code and its build time.
    println!("cargo:rustc-check-cfg=cfg(qiboard_unoptimized)");
    if std::env::var("OPT_LEVEL").is_ok_and(|level| level == "0") {
        println!("cargo:rustc-cfg=qiboard_unoptimized");
    }
    let result = seed_from_env_value(std::env::var(SEED_VAR).ok().as_deref()).and_then(|seed| {
        let out = std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?;
        qiboard_gen::write_all(std::path::Path::new(&out), seed)
    });
    if let Err(why) = result {
        eprintln!("error: qiboard's table generator: {why}");
        std::process::exit(1);
    }
}
