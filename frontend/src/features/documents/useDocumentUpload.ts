/**
 * Uploading the chosen file (spec doc 2 §4, §5): read it, ask for a one-time upload address (POST /api/users/files/),
 * PUT the file there with its content type (progress), then submit {file_key} to the flow. Any failure:
 * 'Something went wrong, please try again', and the person may retry (with a new address).
 */
import { useCallback, useState } from 'react'
import { putFile, requestUpload } from '../../api/funding'
import { READ_FAILED, UPLOAD_FAILED, type DocumentType } from './documents'
import { useFlowStep } from '../../flows/stepContext'

export type UploadState = { status: 'idle' } | { status: 'uploading'; progress: number } | { status: 'failed'; message: string } | { status: 'done' }

export function useDocumentUpload(documentType: DocumentType | null) {
  const { submit } = useFlowStep()
  const [state, setState] = useState<UploadState>({ status: 'idle' })

  const upload = useCallback(
    async (file: File) => {
      if (!documentType) return
      setState({ status: 'uploading', progress: 0 })
      let content: Blob
      try {
        content = new Blob([await file.arrayBuffer()], { type: file.type })
      } catch {
        setState({ status: 'failed', message: READ_FAILED })
        return
      }
      try {
        const target = await requestUpload({ file_name: file.name, content_type: file.type, document_type: documentType })
        await putFile(target.url, content, file.type, (progress) => setState({ status: 'uploading', progress }))
        setState({ status: 'uploading', progress: 1 })
        const outcome = await submit({ file_key: target.file_key })
        if (outcome?.kind === 'state' && !outcome.state.error && outcome.state.step !== 'upload') setState({ status: 'done' })
        else setState({ status: 'failed', message: UPLOAD_FAILED })
      } catch {
        setState({ status: 'failed', message: UPLOAD_FAILED })
      }
    },
    [documentType, submit],
  )

  return { state, upload, reset: () => setState({ status: 'idle' }) }
}
