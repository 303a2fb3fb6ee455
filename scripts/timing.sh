# Shared by the build-time scripts (sourced, not run): timing a clean build
# of a dependent crate under $work, and the median of numbers on stdin.

clean_build() { # crate folder under $work → seconds
    rm -rf "$work/$1/target"
    local start end
    start=$(date +%s.%N)
    (cd "$work/$1" && env -u QIBOARD_SEED cargo build -q --offline)
    end=$(date +%s.%N)
    echo "$end - $start" | bc
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
