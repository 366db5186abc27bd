/** The few line icons the app uses (inline SVG, no icon font). */
import { Icon, type IconProps } from '@chakra-ui/react'

function make(path: React.ReactNode, name: string) {
  function SvgIcon(props: IconProps) {
    return (
      <Icon {...props} asChild>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          {path}
        </svg>
      </Icon>
    )
  }
  SvgIcon.displayName = name
  return SvgIcon
}

export const MenuIcon = make(<path d="M4 6h16M4 12h16M4 18h16" />, 'MenuIcon')
export const CloseIcon = make(<path d="M6 6l12 12M18 6L6 18" />, 'CloseIcon')
export const SearchIcon = make(<><circle cx="11" cy="11" r="7" /><path d="M20 20l-3.5-3.5" /></>, 'SearchIcon')
export const HomeIcon = make(<path d="M3 11l9-8 9 8v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z" />, 'HomeIcon')
export const ListIcon = make(<path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />, 'ListIcon')
export const CarouselIcon = make(<><rect x="6" y="4" width="12" height="16" rx="2" /><path d="M2 7v10M22 7v10" /></>, 'CarouselIcon')
export const ChevronDownIcon = make(<path d="M6 9l6 6 6-6" />, 'ChevronDownIcon')
export const ChevronLeftIcon = make(<path d="M15 18l-6-6 6-6" />, 'ChevronLeftIcon')
export const ChevronRightIcon = make(<path d="M9 18l6-6-6-6" />, 'ChevronRightIcon')
export const ExternalIcon = make(<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />, 'ExternalIcon')
export const CheckIcon = make(<path d="M5 12l5 5L20 7" />, 'CheckIcon')
export const BellIcon = make(<path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />, 'BellIcon')
