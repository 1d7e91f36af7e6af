// The bundled variable font, so text (and screenshots) look the same on every machine.
import '@fontsource-variable/inter/index.css';
