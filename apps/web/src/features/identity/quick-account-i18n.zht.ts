import type { Texts } from './quick-account-i18n.en';

export const texts: Texts = {
  quickAccount: {
    or: '或',
    createButton: '一鍵註冊',
    createHint: '賬號名由系統生成，之後再設置密碼。',
    createdTitle: '賬號已創建',
    setTitle: '設置密碼',
    accountLabel: '賬號',
    explain: '請記下此賬號。設置密碼前，該賬號只能在本瀏覽器使用，且無法提現或管理收款賬戶。',
    password: '新密碼',
    confirm: '確認密碼',
    submit: '設置密碼',
    later: '稍後',
    notPlaceholder: '請設置不同於初始密碼的密碼',
    banner: '您的賬號 {{account}} 尚未設置密碼。設置後即可在其他設備登錄並提現。',
    bannerAction: '設置密碼',
    passwordSet: '密碼已設置，已使用新密碼登錄。',
  },
};
