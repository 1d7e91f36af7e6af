// The sign-in steps' forms, in one chunk that loads after the card (src/features/auth/SignInPage.tsx).
export { CodeStep } from './CodeStep';
export { EnrolStep } from './EnrolStep';
export { PasswordSignIn } from './PasswordSignIn';
