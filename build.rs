//! Computes every table from the seed and writes them to `OUT_DIR`.

#[path = "gen/mod.rs"]
mod gen;

fn main() {
    println!("cargo:rerun-if-changed=gen");
    println!("cargo:rerun-if-env-changed={}", gen::seed::SEED_VAR);
    let value = std::env::var(gen::seed::SEED_VAR).ok();
    let result = gen::seed::seed_from_env_value(value.as_deref()).and_then(|seed| {
        let out = std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?;
        gen::write_all(std::path::Path::new(&out), seed)
    });
    if let Err(why) = result {
        eprintln!("error: qiboard's table generator: {why}");
        std::process::exit(1);
    }
}
