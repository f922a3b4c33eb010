/**
 * How a `.fieldsizer` file names itself (its layout is fieldsizer-file.ts): apart from the
 * schemas, so a command line or a file dialog that only names the file does not build them.
 */
export const FIELDSIZER_FILE_FORMAT = 'fieldsizer-projects';
export const FIELDSIZER_FILE_VERSION = 1;
export const FIELDSIZER_FILE_EXTENSION = 'fieldsizer';
export const FIELDSIZER_FILE_MIME = 'application/vnd.fieldsizer+json';
