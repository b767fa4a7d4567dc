import { zodResolver } from '@hookform/resolvers/zod';
import { MailedLinkToken, NewPassword } from '@hostel/contracts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useResetPassword } from '../api/reset-password';

const ResetFields = z
  .object({ password: NewPassword, confirmPassword: z.string().min(1, 'Please type the new password again') })
  .refine((fields) => fields.password === fields.confirmPassword, { path: ['confirmPassword'], message: 'The passwords do not match' });

const linkClass = 'font-semibold text-orange-800 underline-offset-4 hover:underline';

/** The page a reset link opens: a new password, typed twice; the link works once. */
export function ResetPasswordForm({ token }: { token: string }) {
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ResetFields), defaultValues: { password: '', confirmPassword: '' } });
  const tokenValid = MailedLinkToken.safeParse(token).success;

  const onSubmit = handleSubmit(async ({ password }) => {
    await resetPassword.mutateAsync({ token, password }).catch(() => undefined);
  });

  const answer = !tokenValid
    ? 'This link is not valid. Please ask for a new one.'
    : resetPassword.isSuccess
      ? resetPassword.data.message
      : resetPassword.isError
        ? resetPassword.error.message
        : '';
  const failed = !tokenValid || resetPassword.isError;

  return (
    <div className="grid gap-5">
      {tokenValid && !resetPassword.isSuccess ? (
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Choose a new password">
          <FormField id="new-password" label="New password" error={errors.password?.message}>
            <Input type="password" autoComplete="new-password" {...fieldAria('new-password', errors.password?.message)} {...register('password')} />
          </FormField>
          <FormField id="confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
            <Input
              type="password"
              autoComplete="new-password"
              {...fieldAria('confirm-password', errors.confirmPassword?.message)}
              {...register('confirmPassword')}
            />
          </FormField>
          <Button type="submit" size="lg" disabled={resetPassword.isPending} aria-busy={resetPassword.isPending}>
            Change password
          </Button>
        </form>
      ) : null}
      {/* Always there, so the answer is announced when it arrives. */}
      <p role="status" className={failed ? 'font-medium text-red-700' : 'text-emerald-800'}>
        {answer}
      </p>
      <p className="text-center text-sm text-slate-700">
        {failed ? (
          <>
            Need a new link? Use &lsquo;Forgot password?&rsquo; on the{' '}
            <Link to={paths.signIn} className={linkClass}>
              login page
            </Link>
            .
          </>
        ) : (
          <Link to={paths.signIn} className={linkClass}>
            Back to Login
          </Link>
        )}
      </p>
    </div>
  );
}
