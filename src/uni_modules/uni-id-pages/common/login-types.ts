/** What the login config's login types (spec: weixin and username by default) mean for the login pages. */

/** the password-less page has more to offer than the password form: SMS codes or weixin */
export const hasOtherMethods = (types: readonly string[] | undefined) => !!types && (types.includes('smsCode') || types.includes('weixin'));

/**
 * The password-less page shows the password form itself (no chooser step before it) when the
 * password is the way to sign in: username sign-in is on and SMS codes are not (an SMS code
 * starts from a mobile number there; weixin stays a button under the form).
 */
export const passwordFirst = (types: readonly string[] | undefined) => !!types && types.includes('username') && !types.includes('smsCode');
