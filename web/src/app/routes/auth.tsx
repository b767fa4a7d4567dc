import { useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { PRODUCT_NAME, paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';

/** /SignUp: the login screen. */
export function SignInRoute() {
  const navigate = useNavigate();
  return (
    <AuthLayout title="Login">
      <title>{`Login · ${PRODUCT_NAME}`}</title>
      <LoginForm onSuccess={() => void navigate(paths.home)} />
    </AuthLayout>
  );
}

/** /register */
export function RegisterRoute() {
  const navigate = useNavigate();
  return (
    <AuthLayout title="Create an account">
      <title>{`Register · ${PRODUCT_NAME}`}</title>
      <RegisterForm
        onSuccess={() => void navigate(paths.home)}
        // Popup sign-in lands on a fresh home page, with no register screen left to go back to.
        onPopupSuccess={() => void navigate(paths.home, { replace: true })}
      />
    </AuthLayout>
  );
}
