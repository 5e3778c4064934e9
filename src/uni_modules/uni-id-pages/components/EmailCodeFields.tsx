/**
 * Email + image captcha + emailed code: CodeFields on the email channel (register-by-email,
 * retrieve-by-email, bind-email use it under this name).
 */
import CodeFields, { type CodeFieldsProps } from './CodeFields';

export default function EmailCodeFields(props: Omit<CodeFieldsProps, 'channel'>) {
  return <CodeFields {...props} channel="email" />;
}
