import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordBody } from '@hostel/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { cn } from '@/lib/cn';
import { useForgotPassword } from '../api/forgot-password';

/**
 * 'Forgot password?': asks for a reset link. The server answers alike whether or not the email has an
 * account, and its words are read out from a live status, which stays in place so each answer is announced.
 */
export function ForgotPasswordDialog({ open, onOpenChange, email }: { open: boolean; onOpenChange: (open: boolean) => void; email: string }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Reset your password" focusFirstField>
      {/* Drawn only while open: each opening starts from the email typed on the login form, with no answer shown yet. */}
      <ForgotPasswordForm email={email} />
    </Modal>
  );
}

function ForgotPasswordForm({ email }: { email: string }) {
  const forgot = useForgotPassword();
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ForgotPasswordBody), defaultValues: { email } });

  const onSubmit = handleSubmit(async (body) => {
    setStatus(null);
    try {
      setStatus({ tone: 'success', text: (await forgot.mutateAsync(body)).message });
    } catch (error) {
      setStatus({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Reset your password">
      <p id="forgot-help" className="text-sm text-slate-700">
        Enter the email of your account. We will send it a link to choose a new password.
      </p>
      <FormField id="forgot-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...fieldAria('forgot-email', errors.email?.message, 'forgot-help')} {...register('email')} />
      </FormField>
      <Button type="submit" disabled={forgot.isPending} aria-busy={forgot.isPending}>
        Send reset link
      </Button>
      <p role="status" className={cn('text-sm', status?.tone === 'error' ? 'font-medium text-red-700' : 'text-emerald-800')}>
        {status?.text}
      </p>
    </form>
  );
}
