// How the page editor's form names a block's fields, apart from the form's parsing (app/pages/form.ts): the
// editor's component imports these in the browser.

/** Keys whose value is a whole number (an empty field is null where the schema allows it). */
export const NUMBER_KEYS = new Set(["priceFrom", "limit"]);
/** Keys shown as a checkbox: absent from the form is false. */
export const BOOLEAN_KEYS = new Set(["ask", "noindex"]);
/** Keys holding a list of ids, typed as "3, 7, 12". */
export const ID_LIST_KEYS = new Set(["ids"]);
/** Keys holding an image that may be absent (null). */
export const OPTIONAL_PICTURE_KEYS = new Set(["picture", "photo"]);
