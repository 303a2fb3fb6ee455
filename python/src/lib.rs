//! `qiboard._qiboard`, the extension module behind the `qiboard` Python
//! package: a thin layer over qiboard's and qiboard-tablebase's public
//! API. The Python package (`python/qiboard/`) re-exports it as
//! `qiboard.xiangqi` and `qiboard.chess`, with the exceptions at the top.
//!
//! The action space and the planes (module `actions`) are plain Rust, so that
//! `cargo test` checks them without a Python interpreter; everything that
//! touches Python is left out of the unit-test build (it would need
//! libpython at link and load time, which `cargo test` cannot promise).

// The unit-test build leaves the Python layer out, so part of the core
// is unused there.
#![cfg_attr(test, allow(dead_code))]

mod actions;
mod batch;

/// Declares the modules that touch Python, left out of the unit-test build.
macro_rules! python_modules {
    ($($name:ident),*) => {
        $(
            #[cfg(not(test))]
            mod $name;
        )*
    };
}

python_modules!(chess, dunder, errors, plan, polyglot, record, shared, svg, tablebase, xiangqi);

#[cfg(not(test))]
use pyo3::prelude::*;

/// The extension module: exceptions at the top, `xiangqi` and `chess`
/// submodules.
#[cfg(not(test))]
#[pymodule]
fn _qiboard(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    errors::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;

    let xiangqi = PyModule::new(py, "xiangqi")?;
    xiangqi::register(&xiangqi)?;
    tablebase::register(&xiangqi)?;
    plan::register(&xiangqi)?;
    batch::register(&xiangqi)?;
    svg::register_xiangqi(&xiangqi)?;
    m.add_submodule(&xiangqi)?;

    let chess = PyModule::new(py, "chess")?;
    chess::register(&chess)?;
    svg::register_chess(&chess)?;
    m.add_submodule(&chess)?;
    Ok(())
}
