/** The password input moved to the design system (components/ui) so other features can use it without importing this one. */
export { PasswordInput } from '@/components/ui/password-input';
