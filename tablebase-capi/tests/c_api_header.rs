//! The committed C header, `include/qiboard_tablebase.h`, is what cbindgen
//! makes of the crate's sources now: a change to the C API shows up as a
//! diff of the header. `QIBOARD_BLESS=1` rewrites it:
//!
//! ```sh
//! QIBOARD_BLESS=1 cargo test -p qiboard-tablebase-capi --test c_api_header
//! ```

use std::path::Path;

/// What cbindgen makes of the crate's sources with `cbindgen.toml`.
fn generated() -> String {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config =
        cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).expect("cbindgen.toml reads");
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_crate(crate_dir)
        .generate()
        .expect("cbindgen parses the crate");
    let mut generated = Vec::new();
    bindings.write(&mut generated);
    String::from_utf8(generated).expect("the header is UTF-8")
}

#[test]
fn the_committed_header_is_what_cbindgen_generates() {
    let generated = generated();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/qiboard_tablebase.h");
    if std::env::var_os("QIBOARD_BLESS").is_some_and(|value| value == "1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &generated).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != generated {
        let first = committed
            .lines()
            .zip(generated.lines())
            .position(|(old, new)| old != new)
            .unwrap_or_else(|| committed.lines().count().min(generated.lines().count()));
        panic!(
            "{} is stale (first difference at line {}); rewrite it with\n    \
             QIBOARD_BLESS=1 cargo test -p qiboard-tablebase-capi --test c_api_header\n\
             and review the diff",
            path.display(),
            first + 1
        );
    }
}

/// Every function of the crate is in the header (cbindgen skips what it
/// cannot translate with only a warning).
#[test]
fn the_header_declares_every_function() {
    let sources = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let source: String = std::fs::read_dir(sources)
        .unwrap()
        .map(|entry| std::fs::read_to_string(entry.unwrap().path()).unwrap())
        .collect();
    let header = generated();
    let mut functions = 0;
    for line in source.lines() {
        let Some(rest) = line
            .strip_prefix("pub unsafe extern \"C\" fn ")
            .or_else(|| line.strip_prefix("pub extern \"C\" fn "))
        else {
            continue;
        };
        let name = rest.split('(').next().unwrap();
        assert!(
            header.contains(&format!("{name}(")),
            "{name} is not declared in the header"
        );
        functions += 1;
    }
    assert!(functions >= 14, "only {functions} functions found");
}
