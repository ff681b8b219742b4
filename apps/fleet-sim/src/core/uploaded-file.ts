/** A file of a multipart request, held in memory (uploads are small images and CSV files). */
export interface UploadedFile {
  originalName: string;
  mimeType: string;
  size: number;
  buffer: Buffer;
}
