/** The identity document flow's steps (spec doc 2 §2.4): the document type, one photo, done. */
import type { StepRegistry } from '../../flows/stepContext'
import { CompleteStep } from './steps/CompleteStep'
import { DocumentTypeStep } from './steps/DocumentTypeStep'
import { UploadStep } from './steps/UploadStep'

export const DOCUMENT_STEPS: StepRegistry = {
  'document-type': { title: 'Verify Your Identity', component: DocumentTypeStep },
  upload: { title: 'Upload Your Photo ID', component: UploadStep },
  complete: { title: 'Photo ID Received', component: CompleteStep, back: false },
}
