//! The runtime reads what the generator wrote: each format that the two
//! sides share (line-table packing, magic layout, slider windows) is held
//! here to the generator's own definitions, value by value, so that a
//! change on one side alone fails.

use qiboard::chess::tables::{
    BISHOP_MAGICS, BISHOP_WINDOWS, ROOK_MAGICS, ROOK_WINDOWS, SLIDER_ATTACKS,
};
use qiboard::xiangqi::{file_moves, rank_moves, Bitboard, LineKind, Square};
use qiboard_gen::chess::magics::{build, Slider};
use qiboard_gen::seed::seed_from_env_value;
use qiboard_gen::xiangqi::lines as generator;

/// The seed this test binary's qiboard was built with.
fn build_seed() -> u64 {
    seed_from_env_value(option_env!("QIBOARD_SEED")).expect("the build accepted this seed")
}

#[test]
fn line_kinds_are_the_generators_in_its_order() {
    assert_eq!(LineKind::ALL.len(), generator::LineKind::ALL.len());
    for (runtime, packed) in LineKind::ALL.into_iter().zip(generator::LineKind::ALL) {
        assert_eq!(format!("{runtime:?}"), packed.name());
        assert_eq!(runtime as usize, packed as usize);
    }
}

#[test]
fn line_moves_unpack_what_the_generator_packed() {
    let kinds = || LineKind::ALL.into_iter().zip(generator::LineKind::ALL);
    for square in Square::ALL {
        for word in 0..1u16 << 9 {
            let occupied = Bitboard::from_rank_word(square.rank(), word);
            for (kind, packed) in kinds() {
                let read = rank_moves(kind, square, occupied);
                let written = generator::moves(9, square.file(), word.into(), packed);
                assert_eq!(
                    (read.reach, read.low, read.high),
                    (written.reach, written.low, written.high),
                    "{kind:?} on the rank of {square}, rank word {word:#011b}"
                );
            }
        }
        for word in 0..1u16 << 10 {
            let occupied = Bitboard::from_file_word(square.file(), word);
            for (kind, packed) in kinds() {
                let read = file_moves(kind, square, occupied);
                let written = generator::moves(10, square.rank(), word.into(), packed);
                assert_eq!(
                    (read.reach, read.low, read.high),
                    (written.reach, written.low, written.high),
                    "{kind:?} on the file of {square}, file word {word:#012b}"
                );
            }
        }
    }
}

#[test]
fn magics_and_windows_are_the_generators() {
    let tables = build(build_seed()).expect("the build's seed generates");
    assert_eq!(SLIDER_ATTACKS.as_slice(), tables.attacks.as_slice());
    for slider in Slider::BOTH {
        let (magics, windows): (&[_; 64], Vec<(u64, u64, *const u64, u32)>) = match slider {
            Slider::Rook => (
                &ROOK_MAGICS,
                ROOK_WINDOWS
                    .iter()
                    .map(|w| (w.outside, w.factor, w.attacks.as_ptr(), w.shift))
                    .collect(),
            ),
            Slider::Bishop => (
                &BISHOP_MAGICS,
                BISHOP_WINDOWS
                    .iter()
                    .map(|w| (w.outside, w.factor, w.attacks.as_ptr(), w.shift))
                    .collect(),
            ),
        };
        for (square, found) in tables.magics(slider).iter().enumerate() {
            let magic = magics[square];
            let expected = (!found.mask, found.factor, found.offset as u32, found.shift);
            let what = format!("{} square {square}", slider.name());
            assert_eq!(
                (magic.outside, magic.factor, magic.offset, magic.shift),
                expected,
                "{what}"
            );
            let window = windows[square];
            assert_eq!(
                (window.0, window.1, window.3),
                (expected.0, expected.1, expected.3),
                "{what}"
            );
            assert_eq!(
                window.2, &SLIDER_ATTACKS[found.offset] as *const u64,
                "{what}"
            );
        }
    }
}
