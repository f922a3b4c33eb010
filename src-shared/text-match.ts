/**
 * How user-typed place names are compared: case, accents, punctuation and "Saint"/"St." are
 * ignored, so "dona ana", "Doña Ana" and "DOÑA ANA" match, as do "St. Louis" and "Saint Louis".
 */
export function matchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.'’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bsaint\b/g, 'st')
    .replace(/\bsainte\b/g, 'ste')
    .trim();
}
