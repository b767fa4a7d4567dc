import { type ProfileBody, UserDto } from '@hostel/contracts';
import { z } from 'zod';
import type { ApiClient } from '@/lib/api-client';

const ProfileAnswer = z.object({ user: UserDto, position: z.string().optional() });

/** `POST /users`: updates the caller's own name or photo. */
export async function updateProfile(api: ApiClient, body: ProfileBody): Promise<UserDto> {
  return ProfileAnswer.parse(await api.post('/users', body)).user;
}
