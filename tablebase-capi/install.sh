#!/usr/bin/env sh
# Builds the C API in release mode and installs it under a prefix: the
# shared library (with its SONAME link), the static library, the header
# and a pkg-config file. Run from anywhere in the repository:
#
#   tablebase-capi/install.sh [--built DIR] [PREFIX]   (default /usr/local)
#
# --built DIR installs the libraries already built in DIR (a cargo
# profile's output directory) instead of building them in release mode.
#
# Then: cc prog.c $(pkg-config --cflags --libs qiboard_tablebase)
# (set PKG_CONFIG_PATH=PREFIX/lib/pkgconfig for a prefix pkg-config does
# not search, and LD_LIBRARY_PATH=PREFIX/lib to run without ldconfig).
set -eu
built=
if [ "${1:-}" = --built ]; then
    built=$2
    shift 2
fi
prefix=${1:-/usr/local}
here=$(cd "$(dirname "$0")" && pwd)
version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$here/Cargo.toml" | head -n 1)
major=${version%%.*}
rest=${version#*.}
minor=${rest%%.*}
if [ "$major" = 0 ]; then abi="0.$minor"; else abi=$major; fi

if [ -n "$built" ]; then
    release=$built
else
    cargo build --release --manifest-path "$here/Cargo.toml" --quiet
    target=$(cargo metadata --format-version 1 --no-deps --manifest-path "$here/Cargo.toml" |
        sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
    release=$target/release
fi

mkdir -p "$prefix/lib/pkgconfig" "$prefix/include"
lib=libqiboard_tablebase_capi
install -m 644 "$release/$lib.a" "$prefix/lib/"
install -m 755 "$release/$lib.so" "$prefix/lib/$lib.so.$version"
ln -sf "$lib.so.$version" "$prefix/lib/$lib.so.$abi"
ln -sf "$lib.so.$abi" "$prefix/lib/$lib.so"
install -m 644 "$here/include/qiboard_tablebase.h" "$prefix/include/"
cat >"$prefix/lib/pkgconfig/qiboard_tablebase.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: qiboard_tablebase
Description: Xiangqi endgame tablebases: probe WDL, DTM and root moves (the C API of qiboard-tablebase)
Version: $version
Libs: -L\${libdir} -lqiboard_tablebase_capi
Libs.private: -lpthread -ldl -lm -lrt -lutil
Cflags: -I\${includedir}
PC
echo "installed qiboard_tablebase $version under $prefix"
