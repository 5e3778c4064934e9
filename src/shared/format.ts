/** spec section 9: default date format yyyy/MM/dd hh:mm:ss (dayjs tokens) */
export const DATE_FORMAT = 'YYYY/MM/DD HH:mm:ss';
