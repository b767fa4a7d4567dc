import { MAX_UPLOAD_BYTES, type UploadAnswer } from '@hostel/contracts';
import { http, HttpResponse } from 'msw';
import { db } from './db';
import { refuse, signedIn } from './http';

/**
 * Image uploads as the command API takes them: one image in the multipart field `file`, signed in.
 * The fake cannot decode images, so it trusts the file's declared type where the service reads the
 * bytes; it hands out `/api/uploads/photo-<n>`, where the service answers `/api/media/<uuid>`.
 */
export const mediaHandlers = [
  http.post('/api/uploads', async ({ request }) => {
    signedIn(request);
    if (!request.headers.get('content-type')?.startsWith('multipart/form-data')) refuse(400, 'Send the image as multipart/form-data in a field named file');
    const form = await request.formData();
    const file = form.get('file');
    if (!(file instanceof File))
      refuse(400, [...form.values()].some((value) => value instanceof File) ? 'Send the image in a field named file' : 'Please choose an image file');
    if (file.size === 0) refuse(400, 'The file is empty: please choose an image');
    if (file.size > MAX_UPLOAD_BYTES) refuse(413, 'The file is too large: images may be at most 5 MB');
    if (!file.type.startsWith('image/')) refuse(400, 'The file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF)');
    const url = `/api/uploads/photo-${db.images.size + 1}`;
    db.images.add(url);
    return HttpResponse.json({ url } satisfies UploadAnswer, { status: 201 });
  }),
];
