import { createElement, type ReactElement, type SVGProps } from 'react';
import {
  AlertCircle,
  ArrowLeft,
  ArrowRight,
  BedDouble,
  BrainCircuit,
  CalendarDays,
  CalendarHeart,
  Camera,
  CameraOff,
  CheckCircle2,
  Check,
  ChevronDown,
  ChevronRight,
  CircleAlert,
  CircleCheck,
  CircleHelp,
  CircleX,
  Copy,
  Download,
  ExternalLink,
  FlaskConical,
  Handshake,
  ImageOff,
  LayoutGrid,
  Lock,
  MailCheck,
  Mail,
  MapPin,
  Menu,
  Mic,
  PackageCheck,
  PartyPopper,
  Presentation,
  Printer,
  RefreshCw,
  Share2,
  ShieldCheck,
  ShoppingBag,
  Sparkles,
  Star,
  ThermometerSun,
  Ticket,
  TriangleAlert,
  Trophy,
  Users,
  Waves,
  X,
  type IconNode,
} from 'lucide';

export type IconProps = SVGProps<SVGSVGElement>;
export type Icon = (props: IconProps) => ReactElement;

/**
 * A Lucide icon as an inline SVG. Lucide's own React package spends more than a kilobyte of
 * the landing page's budget on options this app never sets; its icons are plain data.
 */
function icon(node: IconNode): Icon {
  return function LucideIcon(props: IconProps) {
    return createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: 24,
        height: 24,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: 2,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        // decorative unless named, as Lucide's own components do
        'aria-hidden': props['aria-label'] ? undefined : true,
        ...props,
      },
      node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes })),
    );
  };
}

export const AlertCircleIcon = /* @__PURE__ */ icon(AlertCircle);
export const ArrowLeftIcon = /* @__PURE__ */ icon(ArrowLeft);
export const ArrowRightIcon = /* @__PURE__ */ icon(ArrowRight);
export const BedDoubleIcon = /* @__PURE__ */ icon(BedDouble);
export const BrainCircuitIcon = /* @__PURE__ */ icon(BrainCircuit);
export const CalendarDaysIcon = /* @__PURE__ */ icon(CalendarDays);
export const CalendarHeartIcon = /* @__PURE__ */ icon(CalendarHeart);
export const CameraIcon = /* @__PURE__ */ icon(Camera);
export const CameraOffIcon = /* @__PURE__ */ icon(CameraOff);
export const CheckCircle2Icon = /* @__PURE__ */ icon(CheckCircle2);
export const CheckIcon = /* @__PURE__ */ icon(Check);
export const ChevronDownIcon = /* @__PURE__ */ icon(ChevronDown);
export const ChevronRightIcon = /* @__PURE__ */ icon(ChevronRight);
export const CircleAlertIcon = /* @__PURE__ */ icon(CircleAlert);
export const CircleCheckIcon = /* @__PURE__ */ icon(CircleCheck);
export const CircleHelpIcon = /* @__PURE__ */ icon(CircleHelp);
export const CircleXIcon = /* @__PURE__ */ icon(CircleX);
export const CopyIcon = /* @__PURE__ */ icon(Copy);
export const DownloadIcon = /* @__PURE__ */ icon(Download);
export const ExternalLinkIcon = /* @__PURE__ */ icon(ExternalLink);
export const FlaskConicalIcon = /* @__PURE__ */ icon(FlaskConical);
export const HandshakeIcon = /* @__PURE__ */ icon(Handshake);
export const ImageOffIcon = /* @__PURE__ */ icon(ImageOff);
export const LayoutGridIcon = /* @__PURE__ */ icon(LayoutGrid);
export const LockIcon = /* @__PURE__ */ icon(Lock);
export const MailCheckIcon = /* @__PURE__ */ icon(MailCheck);
export const MailIcon = /* @__PURE__ */ icon(Mail);
export const MapPinIcon = /* @__PURE__ */ icon(MapPin);
export const MenuIcon = /* @__PURE__ */ icon(Menu);
export const MicIcon = /* @__PURE__ */ icon(Mic);
export const PackageCheckIcon = /* @__PURE__ */ icon(PackageCheck);
export const PartyPopperIcon = /* @__PURE__ */ icon(PartyPopper);
export const PresentationIcon = /* @__PURE__ */ icon(Presentation);
export const PrinterIcon = /* @__PURE__ */ icon(Printer);
export const RefreshCwIcon = /* @__PURE__ */ icon(RefreshCw);
export const Share2Icon = /* @__PURE__ */ icon(Share2);
export const ShieldCheckIcon = /* @__PURE__ */ icon(ShieldCheck);
export const ShoppingBagIcon = /* @__PURE__ */ icon(ShoppingBag);
export const SparklesIcon = /* @__PURE__ */ icon(Sparkles);
export const StarIcon = /* @__PURE__ */ icon(Star);
export const ThermometerSunIcon = /* @__PURE__ */ icon(ThermometerSun);
export const TicketIcon = /* @__PURE__ */ icon(Ticket);
export const TriangleAlertIcon = /* @__PURE__ */ icon(TriangleAlert);
export const TrophyIcon = /* @__PURE__ */ icon(Trophy);
export const UsersIcon = /* @__PURE__ */ icon(Users);
export const WavesIcon = /* @__PURE__ */ icon(Waves);
export const XIcon = /* @__PURE__ */ icon(X);
