import { useMutation } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '@/lib/auth';
import { uploadImage } from '@/lib/upload-image';
import { fieldAria, FormField } from './form-field';
import { Input } from './input';
import { useNotice } from './notice-dialog';

const SUCCESS_AUTO_CLOSE_MS = 1500;

/**
 * An image chosen in a form is uploaded at once (forms send its URL, never the file). `url` is set once
 * it is stored; `clear()` empties the field for the next entry.
 */
export function useImageUpload() {
  const api = useApi();
  const upload = useMutation({ mutationFn: (file: File) => uploadImage(api, file) });
  const [url, setUrl] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  // Only the file chosen last counts: an earlier upload that finishes later is ignored.
  const latest = useRef(0);
  return {
    url,
    upload,
    generation,
    choose(file: File | undefined) {
      const choice = ++latest.current;
      setUrl(null);
      if (file) upload.mutate(file, { onSuccess: (stored) => choice === latest.current && setUrl(stored) });
    },
    clear() {
      latest.current++;
      setUrl(null);
      upload.reset();
      setGeneration((value) => value + 1);
    },
  };
}

/**
 * The file input, its upload status (announced) and a preview; `failedText` is the form's own words for
 * a failed upload. How each upload went is also said as the spec's alerts do: 'Success' / 'Image uploaded
 * successfully!' (closing by itself after 1.5 s) and 'Error' / the failure's words.
 */
export function ImageUploadField({
  id,
  image,
  failedText,
  required,
}: {
  id: string;
  image: ReturnType<typeof useImageUpload>;
  failedText: string;
  required?: boolean;
}) {
  const failed = image.upload.isError;
  const notice = useNotice();
  const { url } = image;
  const { submittedAt } = image.upload;
  useEffect(() => {
    if (url) notice({ title: 'Success', text: 'Image uploaded successfully!', tone: 'success', autoCloseMs: SUCCESS_AUTO_CLOSE_MS });
  }, [url, notice]);
  useEffect(() => {
    if (failed) notice({ title: 'Error', text: failedText, tone: 'error' });
  }, [failed, submittedAt, failedText, notice]);
  return (
    <div className="grid gap-1">
      <FormField id={id} label="Image" required={required}>
        <Input
          key={image.generation}
          type="file"
          accept="image/*"
          aria-required={required || undefined}
          aria-busy={image.upload.isPending}
          {...fieldAria(id, undefined, `${id}-status`)}
          aria-invalid={failed || undefined}
          onChange={(event) => image.choose(event.target.files?.[0])}
        />
      </FormField>
      {/* One live region for every outcome, failure included, so a screen reader hears how the upload went. */}
      <p id={`${id}-status`} role="status" className={failed ? 'text-sm font-medium text-red-700' : 'flex items-center gap-2 text-sm text-slate-700'}>
        {failed ? (
          failedText
        ) : image.upload.isPending ? (
          'Uploading image...'
        ) : image.url ? (
          <>
            <CircleCheck aria-hidden="true" className="size-4 text-emerald-700" />
            Image uploaded successfully!
          </>
        ) : null}
      </p>
      {image.url ? <img src={image.url} alt="Preview of the upload" className="h-32 w-44 rounded-md object-cover" /> : null}
    </div>
  );
}
