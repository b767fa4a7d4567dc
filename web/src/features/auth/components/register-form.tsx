import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_UPLOAD_BYTES, RegisterBody } from '@hostel/contracts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useNotice } from '@/components/ui/notice-dialog';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useRegister } from '../api/register';
import { OidcSignInButton } from './oidc-sign-in-button';

const SUCCESS_AUTO_CLOSE_MS = 1500;

/** The optional profile image: one image file, within the upload limit. */
const PhotoFiles = z
  .custom<FileList | undefined>()
  .refine((files) => !files?.[0] || files[0].type.startsWith('image/'), 'Please choose an image file')
  .refine((files) => !files?.[0] || files[0].size <= MAX_UPLOAD_BYTES, 'The image must be 5 MB or smaller');

const RegisterFields = RegisterBody.omit({ photo: true }).extend({ photo: PhotoFiles });
const fields = ['name', 'email', 'password', 'photo'] as const;

/** Registration with name, email, optional profile image and password, or popup sign-in. */
export function RegisterForm({ onSuccess, onPopupSuccess }: { onSuccess: () => void; onPopupSuccess: () => void }) {
  const notice = useNotice();
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(RegisterFields),
    defaultValues: { name: '', email: '', password: '', photo: undefined },
  });

  const onSubmit = handleSubmit(async ({ photo, ...account }) => {
    try {
      await registration.mutateAsync({ account, photo: photo?.[0] });
      notice({ title: 'Registration Successful!', tone: 'success', autoCloseMs: SUCCESS_AUTO_CLOSE_MS });
      onSuccess();
    } catch (error) {
      // The server's field issues land on their fields too, not only in the dialog.
      if (error instanceof ApiError) {
        for (const issue of error.issues ?? []) {
          const field = fields.find((name) => name === issue.path);
          if (field) setError(field, { message: issue.message });
        }
      }
      notice({ title: 'Oops...', text: error instanceof Error ? error.message : String(error), tone: 'error' });
    }
  });

  return (
    <div className="grid gap-5">
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Register">
        <FormField id="name" label="Name" error={errors.name?.message}>
          <Input autoComplete="name" {...fieldAria('name', errors.name?.message)} {...register('name')} />
        </FormField>
        <FormField id="email" label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...fieldAria('email', errors.email?.message)} {...register('email')} />
        </FormField>
        <FormField id="photo" label="Profile image (optional)" error={errors.photo?.message}>
          <Input type="file" accept="image/*" className="h-auto py-1.5" {...fieldAria('photo', errors.photo?.message)} {...register('photo')} />
        </FormField>
        <FormField id="password" label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...fieldAria('password', errors.password?.message)} {...register('password')} />
        </FormField>
        <Button type="submit" size="lg" disabled={registration.isPending} aria-busy={registration.isPending}>
          Sign Up
        </Button>
      </form>
      <OidcSignInButton failureTitle="Google sign-in failed" onSuccess={onPopupSuccess} />
      <p className="text-center text-sm text-slate-700">
        <Link to={paths.signIn} className="font-semibold text-orange-800 underline-offset-4 hover:underline">
          Already have an account? Login
        </Link>
      </p>
    </div>
  );
}
