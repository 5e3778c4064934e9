/**
 * The image chosen on userinfo, handed to cropImage without going through the URL: an object
 * URL kept in this module (it lives as long as the page is not reloaded; cropImage offers to
 * choose again when it finds nothing here).
 */
export interface PickedImage {
  /** object URL of the chosen file */
  url: string;
  name: string;
  type: string;
}

let picked: PickedImage | null = null;

/** keeps the chosen file (the previous one's object URL is released) */
export function pickImage(file: File): PickedImage {
  releasePicked();
  picked = { url: URL.createObjectURL(file), name: file.name, type: file.type };
  return picked;
}

export const pickedImage = () => picked;

function releasePicked() {
  if (picked) URL.revokeObjectURL(picked.url);
  picked = null;
}

export const isImageFile = (file: File) => /^image\//.test(file.type);

/** the spec's upload temp file cloudPath: current time + index + original extension, under the avatar folder */
export function avatarCloudPath(folder: string, originalName: string, outputType: string, index = 0, now = Date.now()): string {
  const ext = /\.[a-z0-9]{1,8}$/i.exec(originalName)?.[0].toLowerCase();
  const fits = outputType === 'image/png' ? ext === '.png' : ext === '.jpg' || ext === '.jpeg';
  const extname = fits ? ext! : outputType === 'image/png' ? '.png' : '.jpg';
  return `${folder}/${now}${index}${extname}`;
}
