// What other features may use of auth: the signed-out frame, the password and e-mail rules of
// sign-up, and the way a form shows a failed call. Screens are not exported here: route files
// import them directly (each is its own chunk).
export { AuthShell } from './components/auth-shell';
export { FormErrorAlert, useFieldMessage } from './components/form-error';
export { formErrorOf, serverFieldErrors, type FormError } from './server-errors';
export {
  checkEmail,
  checkPassword,
  hasErrors,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type FieldErrors,
  type FieldMessage,
} from './validation';
