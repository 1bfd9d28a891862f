import { RegisterForm } from '../modules/auth/components/register-form.component.tsx';

/** `/register` (lazy chunk). */
export default function RegisterPage() {
  return <RegisterForm />;
}
