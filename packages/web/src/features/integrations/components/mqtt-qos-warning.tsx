// The warning the Integrations page shows while MQTT uplinks arrive at QoS 0: ChirpStack's default,
// under which uplinks published while Flowsight is down are lost. Nothing while they arrive at
// QoS 1, MQTT is not configured, or the status cannot be read.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import { useMqttStatus } from '../api/get-mqtt-status';

export function MqttQosWarning() {
  const { t } = useTranslation();
  const status = useMqttStatus();
  const atQos0 = (status.data?.uplinks ?? []).filter(({ qos }) => qos === 0);
  if (atQos0.length === 0) return null;
  const formats = atQos0.map(({ format }) => t(`integrations.mqttQos0.format.${format}`));
  return (
    <Alert severity="warning" data-testid="mqtt-qos0-warning">
      <AlertTitle>{t('integrations.mqttQos0.title')}</AlertTitle>
      {t('integrations.mqttQos0.text', { formats: formats.join(', ') })}
    </Alert>
  );
}
