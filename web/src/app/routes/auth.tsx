import { useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { PRODUCT_NAME, paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { VerifyEmail } from '@/features/auth/components/verify-email';

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

/** /reset-password?token=…: the page a password reset link opens. */
export function ResetPasswordRoute() {
  const [search] = useSearchParams();
  return (
    <AuthLayout title="Choose a new password">
      <title>{`Reset password · ${PRODUCT_NAME}`}</title>
      <ResetPasswordForm token={search.get('token') ?? ''} />
    </AuthLayout>
  );
}

/** /verify-email?token=…: the page a verification link opens. */
export function VerifyEmailRoute() {
  const [search] = useSearchParams();
  return (
    <AuthLayout title="Verify your email">
      <title>{`Verify email · ${PRODUCT_NAME}`}</title>
      <VerifyEmail token={search.get('token') ?? ''} />
    </AuthLayout>
  );
}
