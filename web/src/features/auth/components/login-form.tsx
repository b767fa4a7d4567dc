import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBody } from '@hostel/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useNotice } from '@/components/ui/notice-dialog';
import { paths } from '@/config/paths';
import { useLogin } from '../api/login';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { OidcSignInButton } from './oidc-sign-in-button';

const SUCCESS_AUTO_CLOSE_MS = 1500;

/** Email and password sign-in, popup sign-in, and the way to registration. */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const notice = useNotice();
  const login = useLogin();
  const [forgotOpen, setForgotOpen] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm({ resolver: zodResolver(LoginBody), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await login.mutateAsync(body);
      notice({
        title: 'Login Successful',
        text: 'Welcome back, ' + answer.user.email,
        tone: 'success',
        autoCloseMs: SUCCESS_AUTO_CLOSE_MS,
      });
      onSuccess();
    } catch (error) {
      notice({ title: 'Login Failed', text: error instanceof Error ? error.message : String(error), tone: 'error' });
    }
  });

  return (
    <div className="grid gap-5">
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Login">
        <FormField id="email" label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...fieldAria('email', errors.email?.message)} {...register('email')} />
        </FormField>
        <FormField id="password" label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...fieldAria('password', errors.password?.message)} {...register('password')} />
        </FormField>
        <div className="-mt-2 flex justify-end">
          <Button variant="link" size="sm" className="px-0" aria-haspopup="dialog" onClick={() => setForgotOpen(true)}>
            Forgot password?
          </Button>
        </div>
        <Button type="submit" size="lg" disabled={login.isPending} aria-busy={login.isPending}>
          Login
        </Button>
      </form>
      {/* Outside the login form: a form may not hold another. */}
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} email={forgotOpen ? getValues('email') : ''} />
      <OidcSignInButton failureTitle="Google Sign-In Failed" onSuccess={onSuccess} />
      <p className="text-center text-sm text-slate-700">
        New here?{' '}
        <Link to={paths.register} className="font-semibold text-orange-800 underline-offset-4 hover:underline">
          Create new account
        </Link>
      </p>
    </div>
  );
}
