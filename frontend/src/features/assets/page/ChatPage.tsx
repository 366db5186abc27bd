/** /app/chat (spec doc 3 §2.1): a placeholder popup; okay goes back. */
import { Button } from '@chakra-ui/react'
import { useNavigate } from 'react-router'
import { AlertDialog } from '../../../ui/AlertDialog'

export const CHAT_TITLE = 'Coming Soon!'
export const CHAT_MESSAGE = 'Check back soon for chat & in-app messaging!'

export function ChatPage() {
  const navigate = useNavigate()
  const back = () => void navigate(-1)
  return (
    <AlertDialog title={CHAT_TITLE} message={CHAT_MESSAGE} onClose={back} testId="chat-coming-soon" footer={
      <Button colorPalette="brand" onClick={back}>
        Okay
      </Button>
    } />
  )
}
