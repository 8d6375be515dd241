import { ArrowDown, ArrowUp, ImagePlus, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import type { ProductImageJson } from "#common/catalog.ts";
import { imageUrl } from "#common/images.ts";

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";
const MAX_BYTES = 5 * 1024 * 1024;

interface Upload {
  key: string;
  name: string;
  preview: string | null;
  progress: number;
  error?: string;
}

/** Sends one file to POST /api/upload (field `image`) and reports upload progress; resolves with the stored image's URL. */
function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/upload");
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: { imageUrl?: unknown; message?: unknown } = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // a non-JSON answer is handled below as a failure
      }
      if (request.status >= 200 && request.status < 300 && typeof body.imageUrl === "string") resolve(body.imageUrl);
      else reject(new Error(typeof body.message === "string" ? body.message : `Upload failed (${request.status})`));
    };
    request.onerror = () => reject(new Error("Upload failed: the shop could not be reached"));
    const form = new FormData();
    form.append("image", file);
    request.send(form);
  });
}

/**
 * The product's images: pick or drop files, each uploaded at once with a progress bar and a
 * preview; the stored images get alt text, can be moved up or down and removed. The list travels
 * with the product form as JSON in the hidden field `images`.
 */
export function ImageUploader({ initial, error }: { initial: ProductImageJson[]; error?: string }) {
  const [images, setImages] = useState<ProductImageJson[]>(initial);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const helpId = useId();
  const errorId = useId();

  function start(files: FileList | File[]) {
    for (const file of Array.from(files)) {
      const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const upload: Upload = { key, name: file.name, preview: null, progress: 0 };
      if (!ACCEPT.split(",").includes(file.type)) upload.error = "Only JPEG, PNG, WebP and AVIF images can be uploaded";
      else if (file.size > MAX_BYTES) upload.error = "The image is larger than 5 MB";
      setUploads((list) => [...list, upload]);
      if (upload.error) continue;
      const update = (patch: Partial<Upload>) =>
        setUploads((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));
      // The preview is a data: URL read locally (the page's policy admits data: images; blob: reads count as connections).
      const reader = new FileReader();
      reader.onload = () => {
        if (typeof reader.result === "string") update({ preview: reader.result });
      };
      reader.readAsDataURL(file);
      uploadImage(file, (progress) => update({ progress }))
        .then((url) => {
          setImages((list) => [...list, { url, altText: file.name.replace(/\.[^.]+$/, "").replace(/[-_]+/g, " ") }]);
          setUploads((list) => list.filter((item) => item.key !== key));
        })
        .catch((failure: Error) => update({ error: failure.message }));
    }
  }

  function move(index: number, by: number) {
    setImages((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  }

  return (
    <fieldset className="rounded-md border border-gray-300 p-4">
      <legend className="px-1 text-sm font-medium text-gray-800">Images</legend>
      <input type="hidden" name="images" value={JSON.stringify(images)} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for dragged files; the file input inside is the keyboard's way. */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          start(event.dataTransfer.files);
        }}
        className={`flex flex-col items-center gap-2 rounded-md border-2 border-dashed p-6 text-center ${
          dragging ? "border-brand-600 bg-brand-50" : "border-gray-300"
        }`}
      >
        <ImagePlus className="h-8 w-8 text-gray-600" aria-hidden />
        <p id={helpId} className="text-sm text-gray-700">
          Drop images here or choose files. JPEG, PNG, WebP or AVIF, up to 5 MB each.
        </p>
        <label
          htmlFor={inputId}
          className="cursor-pointer rounded-md border border-brand-700 px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50"
        >
          Choose images
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACCEPT}
          multiple
          aria-describedby={error ? `${helpId} ${errorId}` : helpId}
          className="sr-only"
          onChange={(event) => {
            if (event.currentTarget.files) start(event.currentTarget.files);
            event.currentTarget.value = "";
          }}
        />
      </div>
      {error ? (
        <p id={errorId} className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {uploads.length > 0 ? (
        <ul className="mt-4 space-y-2" aria-label="Uploads">
          {uploads.map((upload) => (
            <li key={upload.key} className="flex items-center gap-3 rounded-md border border-gray-200 p-2">
              {upload.preview ? (
                <img src={upload.preview} alt="" width={48} height={48} className="aspect-square h-12 w-12 max-w-none shrink-0 rounded object-cover" />
              ) : (
                <span aria-hidden className="h-12 w-12 shrink-0 rounded bg-gray-100" />
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm text-gray-800">{upload.name}</p>
                {upload.error ? (
                  <p role="alert" className="text-sm text-red-700">
                    {upload.error}
                  </p>
                ) : (
                  <progress
                    className="mt-1 h-2 w-full accent-brand-600"
                    max={100}
                    value={Math.round(upload.progress * 100)}
                    aria-label={`Uploading ${upload.name}`}
                  />
                )}
              </div>
              {upload.error ? (
                <button
                  type="button"
                  aria-label={`Dismiss ${upload.name}`}
                  className="rounded-md p-1 text-gray-700 hover:bg-gray-100"
                  onClick={() => setUploads((list) => list.filter((item) => item.key !== upload.key))}
                >
                  <X className="h-4 w-4" aria-hidden />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {images.length > 0 ? (
        <ol className="mt-4 space-y-3" aria-label="Product images">
          {images.map((image, index) => (
            <li key={image.url} className="flex flex-wrap items-center gap-3 rounded-md border border-gray-200 p-2">
              <img
                src={imageUrl(image.url, 160)}
                alt=""
                width={64}
                height={64}
                className="aspect-square h-16 w-16 max-w-none shrink-0 rounded bg-gray-100 object-contain"
              />
              <label className="min-w-[12rem] flex-1 text-sm text-gray-800">
                Alt text for image {index + 1}
                <input
                  value={image.altText}
                  maxLength={200}
                  onChange={(event) => {
                    const altText = event.currentTarget.value;
                    setImages((list) => list.map((item, at) => (at === index ? { ...item, altText } : item)));
                  }}
                  className="mt-1 block w-full rounded-md border border-gray-400 px-2 py-1.5 text-base"
                />
              </label>
              <div className="flex gap-1">
                <button
                  type="button"
                  aria-label={`Move image ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  className="rounded-md border border-gray-300 p-1.5 text-gray-700 hover:bg-gray-100 disabled:opacity-40"
                >
                  <ArrowUp className="h-4 w-4" aria-hidden />
                </button>
                <button
                  type="button"
                  aria-label={`Move image ${index + 1} down`}
                  disabled={index === images.length - 1}
                  onClick={() => move(index, 1)}
                  className="rounded-md border border-gray-300 p-1.5 text-gray-700 hover:bg-gray-100 disabled:opacity-40"
                >
                  <ArrowDown className="h-4 w-4" aria-hidden />
                </button>
                <button
                  type="button"
                  aria-label={`Remove image ${index + 1}`}
                  onClick={() => setImages((list) => list.filter((_, at) => at !== index))}
                  className="rounded-md border border-red-300 p-1.5 text-red-800 hover:bg-red-50"
                >
                  <X className="h-4 w-4" aria-hidden />
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 text-sm text-gray-700">No images yet.</p>
      )}
    </fieldset>
  );
}
