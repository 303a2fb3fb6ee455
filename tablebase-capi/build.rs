//! The shared library's SONAME on ELF systems: the name the dynamic
//! linker records in programs linked against it, so that an incompatible
//! release (another minor version while the major is 0) is never loaded
//! in its place.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let elf = [
        "linux",
        "android",
        "freebsd",
        "netbsd",
        "openbsd",
        "dragonfly",
    ];
    if elf.contains(&os.as_str()) {
        let major = env("CARGO_PKG_VERSION_MAJOR");
        let minor = env("CARGO_PKG_VERSION_MINOR");
        let abi = if major == "0" {
            format!("0.{minor}")
        } else {
            major
        };
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libqiboard_tablebase_capi.so.{abi}");
    }
    println!("cargo:rerun-if-changed=build.rs");
}

fn env(name: &str) -> String {
    std::env::var(name).unwrap_or_default()
}
