/**
 * A zip code as the API takes it in a write or a look-up: five digits. One pattern for the
 * contract, the write schema, the HTTP look-ups and the editor (which asks for a zip's
 * jurisdiction only once it is whole). The territory look-up's own ZIP+4 form is separate
 * (src-main/engine/territory-service.ts).
 */
export const FIVE_DIGIT_ZIP = /^\d{5}$/;

export const isFiveDigitZip = (value: string): boolean => FIVE_DIGIT_ZIP.test(value);
