import { AuthAnswer, type RegisterBody } from '@hostel/contracts';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi, useAuthSession } from '@/lib/auth';
import { updateProfile } from './update-profile';
import { uploadImage } from '@/lib/upload-image';

/** `POST /api/auth/register`: 409 for a taken email, 400 with field issues for bad input. */
export async function register(api: ApiClient, body: RegisterBody): Promise<AuthAnswer> {
  return AuthAnswer.parse(await api.post('/api/auth/register', body, { auth: false }));
}

export interface Registration {
  account: Omit<RegisterBody, 'photo'>;
  photo?: File | undefined;
}

/**
 * Registers, signs in, then (with a token now) uploads the optional profile image and saves it as the
 * photo. The account exists once registration answers, so a failed upload is only logged.
 */
export function useRegister() {
  const api = useApi();
  const session = useAuthSession();
  return useMutation({
    mutationFn: async ({ account, photo }: Registration) => {
      const answer = await register(api, account);
      session.signIn(answer);
      if (!photo) return answer.user;
      try {
        const user = await updateProfile(api, { photo: await uploadImage(api, photo) });
        session.updateUser(user);
        return user;
      } catch (error) {
        console.error('Profile image upload failed', error);
        return answer.user;
      }
    },
  });
}
