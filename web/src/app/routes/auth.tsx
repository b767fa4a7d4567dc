import { useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { PRODUCT_NAME, paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { VerifyEmail } from '@/features/auth/components/verify-email';
import type { ComponentType } from 'react';

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

/** A page a mailed link opens (`?token=…`): titled `title` (and `tabTitle` in the tab), `Form` given the token. */
function MailedLinkPage({ title, tabTitle, Form }: { title: string; tabTitle: string; Form: ComponentType<{ token: string }> }) {
  const [search] = useSearchParams();
  return (
    <AuthLayout title={title}>
      <title>{`${tabTitle} · ${PRODUCT_NAME}`}</title>
      <Form token={search.get('token') ?? ''} />
    </AuthLayout>
  );
}

/** /reset-password?token=…: the page a password reset link opens. */
export function ResetPasswordRoute() {
  return <MailedLinkPage title="Choose a new password" tabTitle="Reset password" Form={ResetPasswordForm} />;
}

/** /verify-email?token=…: the page a verification link opens. */
export function VerifyEmailRoute() {
  return <MailedLinkPage title="Verify your email" tabTitle="Verify email" Form={VerifyEmail} />;
}
