import { UploadAnswer } from '@hostel/contracts';
import type { ApiClient } from './api-client';

/** `POST /api/uploads`: one image (at most 5 MB) in the multipart field `file`; answers its URL. */
export async function uploadImage(api: ApiClient, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return UploadAnswer.parse(await api.post('/api/uploads', form)).url;
}
