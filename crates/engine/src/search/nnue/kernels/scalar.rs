//! The scalar reference of the kernels (what the vector implementations are tested against, and
//! how they finish a slice's last lanes).

/// `acc += row`, each i8 widened to i16 (wrapping).
#[inline]
pub(crate) fn add(acc: &mut [i16], row: &[i8]) {
    for (a, &r) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(i16::from(r));
    }
}

/// `acc -= row`, each i8 widened to i16 (wrapping).
#[inline]
pub(crate) fn sub(acc: &mut [i16], row: &[i8]) {
    for (a, &r) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(i16::from(r));
    }
}

/// `out = clamp(input, 0, ceiling)`.
#[inline]
pub(crate) fn clipped_relu(input: &[i16], ceiling: i16, out: &mut [i16]) {
    for (o, &x) in out.iter_mut().zip(input) {
        *o = x.max(0).min(ceiling);
    }
}

/// `Σ a·b` in i32 (wrapping).
#[inline]
pub(crate) fn dot(a: &[i16], b: &[i16]) -> i32 {
    a.iter().zip(b).fold(0i32, |sum, (&x, &y)| sum.wrapping_add(i32::from(x).wrapping_mul(i32::from(y))))
}
