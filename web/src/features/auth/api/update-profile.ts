import type { UserDto } from '@hostel/contracts';
import { ProfileAnswer, type ProfileBody } from '@hostel/contracts';
import type { ApiClient } from '@/lib/api-client';

/** `POST /users`: updates the caller's own name or photo. */
export async function updateProfile(api: ApiClient, body: ProfileBody): Promise<UserDto> {
  return ProfileAnswer.parse(await api.post('/users', body)).user;
}
